import { ContractViolation, datesIn, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { futureWindow, getSlots, legacyPair, requireSlots } from './support.js';

// §4.5 slots: startDate/endDate, the legacy pair, is still accepted and sets the window. The days it
// returns must be those the preferred pair returns for the same window.
conformance('SLOTS-LEGACY-PAIR', { needs: ['location'] }, async (ctx) => {
  const w = futureWindow(ctx, 'legacy', 4);
  const [reference, legacy] = await Promise.all([requireSlots(ctx, w), getSlots(ctx, legacyPair(w))]);
  if (!isSuccess(legacy)) throw new ContractViolation(`startDate=${w.start}&endDate=${w.end} alone was refused: ${describeResponse(legacy)}`);
  const [expected, got] = [datesIn(reference.json), datesIn(legacy.json)];
  if (expected.length === 0) ctx.inconclusive('no dates could be located in the slots answer to the preferred pair: nothing to compare with');
  if (expected.join() !== got.join()) {
    throw new ContractViolation(`for ${w.start}..${w.end} the legacy pair returned days [${got.join(', ')}], the preferred pair [${expected.join(', ')}]`);
  }
});
