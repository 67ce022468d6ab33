import { datesIn, daysFrom, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { futureWindow, getSlots, standardPair } from './support.js';

// §4.5 slots: with showAllSlots=false days without availability MAY be omitted. Recorded, never failed.
conformance('SLOTS-SHOW-ALL-FALSE', { needs: ['location'] }, async (ctx) => {
  const w = futureWindow(ctx, 'show-all', 8);
  const res = await getSlots(ctx, { ...standardPair(w), showAllSlots: false });
  if (!isSuccess(res)) {
    ctx.observe('answer to showAllSlots=false', describeResponse(res));
    return ctx.inconclusive(`showAllSlots=false was refused: ${describeResponse(res)}`);
  }
  const got = datesIn(res.json);
  ctx.observe('days returned', got);
  ctx.observe('days omitted', daysFrom(w.start, w.end).filter((d) => !got.includes(d)));
});
