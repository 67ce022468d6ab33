import { describeResponse, isSuccess, shapeOf } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsReference } from './fixtures.js';
import { daysOf } from './slots.js';

// §4.5 "not shown": the slots answer and a slot's fields. Recorded from the shared reference, never failed.
conformance('SLOTS-RECORD-SHAPE', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  if (!isSuccess(reference.res)) ctx.inconclusive(`the slots call was refused: ${describeResponse(reference.res)}`);
  ctx.observe('slots answer', shapeOf(reference.res.json, 5));
  ctx.observe('days located', daysOf(reference.res));
});
