import { addDays, ContractViolation, datesIn, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { daysWithin, futureWindow, getSlots, legacyPair, requireSlots } from './support.js';

// §4.5 slots: startDate/endDate, the legacy pair, is still accepted and sets the window. The days it
// returns must be those the preferred pair returns for the same window.
conformance('SLOTS-LEGACY-PAIR', { needs: ['location'] }, async (ctx) => {
  const w = futureWindow(ctx, 'legacy', 4);
  const [reference, legacy] = await Promise.all([requireSlots(ctx, w), getSlots(ctx, legacyPair(w))]);
  if (!isSuccess(legacy)) throw new ContractViolation(`startDate=${w.start}&endDate=${w.end} alone was refused: ${describeResponse(legacy)}`);
  // Compared a week either side too, so a default window served instead shows; dates further off
  // (a notice, a timestamp) say nothing about the window.
  const near = { start: addDays(w.start, -7), end: addDays(w.end, 7) };
  const [expected, got] = [daysWithin(datesIn(reference.json), near), daysWithin(datesIn(legacy.json), near)];
  if (expected.length === 0) ctx.inconclusive('no dates could be located in the slots answer to the preferred pair: nothing to compare with');
  if (expected.join() !== got.join()) {
    throw new ContractViolation(`for ${w.start}..${w.end} the legacy pair returned days [${got.join(', ')}], the preferred pair [${expected.join(', ')}]`);
  }
});
