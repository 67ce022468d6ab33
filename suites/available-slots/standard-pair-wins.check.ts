import { ContractViolation, datesIn, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { futureWindow, getSlots, legacyPair, requireSlots, standardPair } from './support.js';

// §4.5 slots rules: with both pairs sent, the preferred pair wins. The two windows do not overlap,
// so every returned day shows which pair was used.
conformance('SLOTS-STANDARD-WINS', { needs: ['location'] }, async (ctx) => {
  const preferred = futureWindow(ctx, 'precedence', 3);
  const legacy = futureWindow(ctx, 'precedence', 3, 7);
  const [reference, both] = await Promise.all([requireSlots(ctx, preferred), getSlots(ctx, { ...standardPair(preferred), ...legacyPair(legacy) })]);
  const what = `appointmentDateStart/End ${preferred.start}..${preferred.end} with startDate/endDate ${legacy.start}..${legacy.end}`;
  if (!isSuccess(both)) throw new ContractViolation(`${what} was refused: ${describeResponse(both)}`);
  const [expected, got] = [datesIn(reference.json), datesIn(both.json)];
  if (expected.length === 0) ctx.inconclusive('no dates could be located in the slots answer to the preferred pair alone: nothing to compare with');
  const fromLegacy = got.filter((d) => d >= legacy.start && d <= legacy.end);
  if (fromLegacy.length || expected.join() !== got.join()) {
    throw new ContractViolation(`${what} returned days [${got.join(', ')}]; the preferred pair alone returns [${expected.join(', ')}]`);
  }
});
