import { addDays, inconsistency, isSuccess, unexpectedStatus } from '../../harness/checks/index.js';
import { fail } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsLegacy, slotsReference } from './fixtures.js';
import { controlAccepted, daysOf, daysWithin, legacyPair, show } from './slots.js';

// §4.5 slots: startDate/endDate, the legacy pair, is still accepted and sets the window. Alone on
// the run's window, it returns the days the preferred pair returns for the same window (compared a
// week either side too, so that a default window served instead shows; whether the end day is
// returned is the server's choice, the same for both pairs).
conformance('SLOTS-LEGACY-PAIR', { needs: ['location'] }, async (ctx: CheckContext) => {
  const [reference, legacy] = await Promise.all([slotsReference(ctx), slotsLegacy(ctx)]);
  await ctx.cite(reference.res, legacy.res);
  controlAccepted(ctx, reference);
  const w = reference.window;
  if (!isSuccess(legacy.res))
    fail(
      'the legacy pair alone was refused',
      unexpectedStatus(legacy.res, 'a 2xx status', `${show(legacyPair(w))} alone`),
    );
  const near = { start: addDays(w.start, -7), end: addDays(w.end, 7) };
  const [expected, got] = [daysWithin(daysOf(reference.res), near), daysWithin(daysOf(legacy.res), near)];
  if (expected.length === 0)
    ctx.inconclusive('no day could be located in the answer to the preferred pair: nothing to compare with');
  if (expected.join() !== got.join()) {
    fail(
      'the legacy pair set another window than the preferred pair',
      inconsistency(
        `for ${w.start}..${w.end} the legacy pair returned days [${got.join(', ')}], the preferred pair [${expected.join(', ')}]`,
        legacy.res,
        { expected, actual: got },
      ),
    );
  }
  ctx.saw(got.length, 'days returned for the legacy pair, as for the preferred pair');
});
