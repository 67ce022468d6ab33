import { conformance } from '../../harness/conformance.js';
import { expect400, futureWindow, getSlots, requireSlots } from './support.js';

// §4.5 slots, §7 row 2: slotDateStart/slotDateEnd are not implemented; alone they leave the window
// missing, which is a 400 (missing required fields).
conformance('SLOTS-SLOTDATE-REJECTED', { needs: ['location'] }, async (ctx) => {
  const w = futureWindow(ctx, 'slot-date', 3);
  const [, res] = await Promise.all([requireSlots(ctx, w), getSlots(ctx, { slotDateStart: w.start, slotDateEnd: w.end })]);
  expect400(ctx, res, `availableSlots with slotDateStart=${w.start}&slotDateEnd=${w.end}`);
});
