import { datesIn, shapeOf } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { futureWindow, requireSlots } from './support.js';

// §4.5 "not shown": the slots answer. Recorded, never failed.
conformance('SLOTS-RECORD-SHAPE', { needs: ['location'] }, async (ctx) => {
  const w = futureWindow(ctx, 'shape', 2);
  const res = await requireSlots(ctx, w);
  ctx.observe('slots answer', shapeOf(res.json, 5));
  ctx.observe('days located', datesIn(res.json));
});
