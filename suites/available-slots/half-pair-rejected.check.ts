import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect4xx } from '../common/judge.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, errorText, getSlots } from './slots.js';

// §4.5 slots rules: a whole date pair is needed for the window; a start without its end is refused.
// §7 gives no status for this case, so any 4xx. The valid twin is the whole pair on the run's window.
conformance('SLOTS-HALF-PAIR-REJECTED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const res = await getSlots(ctx, { appointmentDateStart: reference.window.start });
  ctx.observe('answer to a start without its end', `HTTP ${res.status} ${errorText(res)}`);
  expect4xx(ctx, res, `availableSlots with appointmentDateStart=${reference.window.start} and no end`);
});
