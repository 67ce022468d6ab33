import { daysFrom, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsReference } from './fixtures.js';
import { daysOf, daysWithin, getSlots, standardPair } from './slots.js';

// §4.5 slots: with showAllSlots=false, days without open availability MAY be left out. Recorded
// against the reference (the same window without the parameter), never failed.
conformance('SLOTS-SHOW-ALL-FALSE', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  const w = reference.window;
  const res = await getSlots(ctx, { ...standardPair(w), showAllSlots: false });
  if (!isSuccess(res)) {
    ctx.observe('answer to showAllSlots=false', describeResponse(res));
    ctx.inconclusive(`showAllSlots=false was refused: ${describeResponse(res)}`);
  }
  const got = daysWithin(daysOf(res), w);
  ctx.observe('days returned', got);
  ctx.observe(
    'days left out',
    daysFrom(w.start, w.end).filter((d) => !got.includes(d)),
  );
  if (isSuccess(reference.res))
    ctx.observe('days returned without the parameter', daysWithin(daysOf(reference.res), w));
});
