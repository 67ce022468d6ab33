import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect4xx } from '../common/judge.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, errorText, getSlots } from './slots.js';

// §4.5 slots rules: a date pair is needed for the window. Without any, the call is refused; §7 gives
// no status for that case (its 400 rows name an ISO datetime and slotDateStart/End), so any 4xx.
// The valid twin is the preferred pair on the run's window.
conformance('SLOTS-WINDOW-REQUIRED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const res = await getSlots(ctx, {});
  ctx.observe('answer without a date pair', `HTTP ${res.status} ${errorText(res)}`);
  expect4xx(ctx, res, 'availableSlots without any date pair');
});
