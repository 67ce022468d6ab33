import { inconsistency, isSuccess, unexpectedStatus, type Failure } from '../../harness/checks/index.js';
import { fail } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsLegacy, slotsReference } from './fixtures.js';
import {
  controlAccepted,
  daysOf,
  daysWithin,
  getSlots,
  innerDays,
  laterWindow,
  legacyPair,
  show,
  standardPair,
} from './slots.js';

// §4.5 slots: the preferred pair is preferred and wins; the legacy pair is still accepted.
// - The preferred pair alone refused while the legacy pair alone on the same days is accepted (both
//   shared) is a failure: the legacy pair then wins outright (never inconclusive: the twin proves
//   the location and the days).
// - Both pairs sent, judged both ways, so that no rule other than precedence passes by chance (the
//   earlier window, the first pair): the preferred pair on the run's window with the legacy pair on
//   eight later days returns the days the preferred pair alone returns and none of the legacy's;
//   the preferred pair on the later days with the legacy pair on the run's window returns every
//   inner day of the later window (judged where the preferred pair alone returns every inner day
//   of its window, SLOTS-SHOW-ALL-DEFAULT's rule). An answer may echo its query, bounds normalised
//   or not, so only days two or more days inside a window count.
conformance('SLOTS-STANDARD-WINS', { needs: ['location'] }, async (ctx: CheckContext) => {
  const [reference, legacyAlone] = await Promise.all([slotsReference(ctx), slotsLegacy(ctx)]);
  await ctx.cite(reference.res, legacyAlone.res);
  const run = reference.window;
  if (!isSuccess(reference.res) && isSuccess(legacyAlone.res)) {
    fail(
      'the preferred pair was refused while the legacy pair was accepted',
      unexpectedStatus(
        reference.res,
        'a 2xx status',
        `${show(standardPair(run))} alone (${show(legacyPair(run))} alone: HTTP ${legacyAlone.res.status})`,
      ),
    );
  }
  controlAccepted(ctx, reference);
  const later = laterWindow(run);
  const ways = [
    { preferred: run, legacy: later },
    { preferred: later, legacy: run },
  ].map((w) => ({ ...w, query: { ...standardPair(w.preferred), ...legacyPair(w.legacy) } }));
  const answers = await Promise.all(ways.map((w) => getSlots(ctx, w.query)));
  answers.forEach((res, i) => {
    if (!isSuccess(res))
      fail('both pairs together were refused', unexpectedStatus(res, 'a 2xx status', show(ways[i]!.query)));
  });
  const expected = daysWithin(daysOf(reference.res), run);
  if (expected.length === 0)
    ctx.inconclusive('no day could be located in the answer to the preferred pair alone: nothing to compare with');
  const problems: Failure[] = [];
  const [first, second] = [daysOf(answers[0]!), daysOf(answers[1]!)];
  const fromLegacy = first.filter((d) => innerDays(later).includes(d));
  if (fromLegacy.length || expected.some((d) => !first.includes(d))) {
    problems.push(
      inconsistency(
        `${show(ways[0]!.query)} returned days [${first.join(', ')}]; the preferred pair alone returns [${expected.join(', ')}]`,
        answers[0]!,
        { expected, actual: first, other: reference.res },
      ),
    );
  }
  const everyInnerDay = innerDays(run).every((d) => expected.includes(d));
  const missing = innerDays(later).filter((d) => !second.includes(d));
  if (everyInnerDay && missing.length) {
    problems.push(
      inconsistency(
        `${show(ways[1]!.query)} left out days [${missing.join(', ')}] of the preferred window (returned [${second.join(', ')}])`,
        answers[1]!,
        { expected: innerDays(later), actual: second },
      ),
    );
  }
  if (problems.length) fail('the legacy pair won over the preferred pair', ...problems);
  if (!everyInnerDay)
    ctx.observe(
      'preferred pair on the later days beside the legacy pair',
      'not judged: the preferred pair alone does not return every inner day of its window',
    );
  ctx.saw(
    expected.length,
    'days of the preferred pair returned with the legacy pair beside it (the legacy pair later)',
  );
  ctx.saw(innerDays(later).length, 'days of the legacy pair left out');
  if (everyInnerDay)
    ctx.saw(
      innerDays(later).length,
      'inner days of the preferred pair returned with the legacy pair beside it (the legacy pair earlier)',
    );
});
