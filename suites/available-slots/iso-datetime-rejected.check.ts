import type { Query } from '../../harness/client.js';
import { isSuccess, refusalMissing, unexpectedStatus } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { seededPick } from '../common/ranges.js';
import { slotsLegacy, slotsReference } from './fixtures.js';
import { controlAccepted, errorText, getSlots, legacyPair, show, standardPair, type Window } from './slots.js';

type Pair = 'preferred' | 'legacy';
type Bound = 'start' | 'end';

/** The window with one bound as an ISO 8601 datetime (its first or last second), the other as sent. */
const withIsoBound = (w: Window, bound: Bound): Window =>
  bound === 'start' ? { ...w, start: `${w.start}T00:00:00Z` } : { ...w, end: `${w.end}T23:59:59Z` };

/**
 * Which bound of which pair carries the datetime: each bound of each pair in a full run. Under
 * rate limits one bound per pair, from the seed: the start in one pair, the end in the other.
 */
function probesOf(ctx: CheckContext, legacyTwin: boolean): { pair: Pair; bound: Bound }[] {
  const pairs: Pair[] = legacyTwin ? ['preferred', 'legacy'] : ['preferred'];
  if (!ctx.frugal) return pairs.flatMap((pair) => (['start', 'end'] as const).map((bound) => ({ pair, bound })));
  const first = seededPick(ctx, 'slots-iso-bound', ['start', 'end'] as const);
  const picked = pairs.map((pair, i) => ({
    pair,
    bound: i === 0 ? first : first === 'start' ? ('end' as const) : ('start' as const),
  }));
  ctx.observe(
    `ISO bounds sampled under rate limits (SEED ${ctx.seed})`,
    picked.map((p) => `${p.pair} ${p.bound}`),
  );
  return picked;
}

// §4.5 slots, §7 row 1: the dates are YYYY-MM-DD only; an ISO 8601 datetime gets 400. Sent in one
// bound at a time, the other bound a plain day, so a format checked on one bound only shows (the
// both-bounds technique); each against its date-only twin on the same days (shared): the preferred
// pair must have been accepted, or nothing is judged; the legacy pair is probed only when its twin
// was accepted (SLOTS-LEGACY-PAIR judges that). The status is the rule; the message is recorded.
conformance('SLOTS-ISO-REJECTED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const [reference, legacy] = await Promise.all([slotsReference(ctx), slotsLegacy(ctx)]);
  await ctx.cite(reference.res, legacy.res);
  controlAccepted(ctx, reference);
  const probes = probesOf(ctx, isSuccess(legacy.res)).map((p) => {
    const w = withIsoBound(reference.window, p.bound);
    return { ...p, query: (p.pair === 'preferred' ? standardPair(w) : legacyPair(w)) as Query };
  });
  if (!isSuccess(legacy.res)) ctx.observe('legacy pair', '(not probed: the legacy pair with dates was refused)');
  const answers = await Promise.all(probes.map((p) => getSlots(ctx, p.query)));
  ctx.observe('messages', Object.fromEntries(probes.map((p, i) => [`${p.pair} ${p.bound}`, errorText(answers[i]!)])));
  const problems = probes.flatMap((p, i) =>
    answers[i]!.status === 400
      ? []
      : [
          isSuccess(answers[i]!)
            ? refusalMissing(answers[i]!, show(p.query), 'HTTP 400')
            : unexpectedStatus(answers[i]!, 'HTTP 400', show(p.query)),
        ],
  );
  verdict(
    ctx,
    problems,
    'availableSlots accepted an ISO 8601 datetime',
    probes.length,
    'windows with one ISO 8601 bound answered 400 while the same days as YYYY-MM-DD were accepted',
  );
});
