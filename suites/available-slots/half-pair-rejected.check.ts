import type { Query } from '../../harness/client.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect4xx } from '../common/judge.js';
import { seededPick } from '../common/ranges.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, errorText, getSlots, show, type Window } from './slots.js';

const pairs = [
  ['appointmentDateStart', 'appointmentDateEnd'],
  ['startDate', 'endDate'],
] as const;

/**
 * Each bound without the other, of each pair: four half pairs in a full run. Under rate limits
 * two, from the seed: each bound once, each pair once (the start of one pair, the end of the other).
 */
function halfPairs(ctx: CheckContext, w: Window): Query[] {
  const all = pairs.map(([start, end]) => [{ [start]: w.start }, { [end]: w.end }] as const);
  if (!ctx.frugal) return all.flat();
  const startOf = seededPick(ctx, 'slots-half-pair', [0, 1] as const);
  const picked = [all[startOf]![0], all[1 - startOf]![1]];
  ctx.observe(`half pairs sampled under rate limits (SEED ${ctx.seed})`, picked.map(show));
  return picked;
}

// §4.5 slots rules: a whole date pair is needed for the window; a bound without the other one is
// refused, whichever bound and whichever pair (the both-bounds technique). §7 gives no status for
// this case, so any 4xx. The valid twin is the whole preferred pair on the run's window.
conformance('SLOTS-HALF-PAIR-REJECTED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const probes = halfPairs(ctx, reference.window);
  const answers = await Promise.all(probes.map((q) => getSlots(ctx, q)));
  answers.forEach((res, i) => {
    ctx.observe(`answer to ${show(probes[i]!)} alone`, `HTTP ${res.status} ${errorText(res)}`);
    expect4xx(ctx, res, `availableSlots with ${show(probes[i]!)} and no other bound`);
  });
});
