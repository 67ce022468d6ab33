import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, expect400, getSlots } from './slots.js';

// §4.5 slots, §7 row 2: slotDateStart/slotDateEnd are not implemented and get 400 (missing required
// fields). Sent alone on the run's window; its valid twin is the preferred pair on the same days.
// Whether they are refused beside a valid pair too is not judged (the message points at the
// missing window).
conformance('SLOTS-SLOTDATE-REJECTED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const w = reference.window;
  const res = await getSlots(ctx, { slotDateStart: w.start, slotDateEnd: w.end });
  expect400(ctx, res, `availableSlots with slotDateStart=${w.start}&slotDateEnd=${w.end}`);
});
