import { ContractViolation, datesIn, daysFrom, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { daysWithin, futureWindow, getSlots, legacyPair, requireSlots, standardPair } from './support.js';

// §4.5 slots rules: with both pairs sent, the preferred pair wins. The two windows do not overlap,
// so the days returned show which pair was used. The answer's shape is not shown and may echo the
// parameters: the legacy bounds as sent prove nothing, only its inner days do.
conformance('SLOTS-STANDARD-WINS', { needs: ['location'] }, async (ctx) => {
  const preferred = futureWindow(ctx, 'precedence', 3);
  const legacy = futureWindow(ctx, 'precedence', 4, 7);
  const [reference, both] = await Promise.all([requireSlots(ctx, preferred), getSlots(ctx, { ...standardPair(preferred), ...legacyPair(legacy) })]);
  const what = `appointmentDateStart/End ${preferred.start}..${preferred.end} with startDate/endDate ${legacy.start}..${legacy.end}`;
  if (!isSuccess(both)) throw new ContractViolation(`${what} was refused: ${describeResponse(both)}`);
  const [expected, got] = [datesIn(reference.json), datesIn(both.json)];
  if (expected.length === 0) ctx.inconclusive('no dates could be located in the slots answer to the preferred pair alone: nothing to compare with');
  const legacyInner = daysFrom(legacy.start, legacy.end).slice(1, -1);
  const fromLegacy = got.filter((d) => legacyInner.includes(d) && !expected.includes(d));
  const missing = daysWithin(expected, preferred).filter((d) => !got.includes(d));
  if (fromLegacy.length || missing.length) {
    throw new ContractViolation(`${what} returned days [${got.join(', ')}]; the preferred pair alone returns [${expected.join(', ')}]`);
  }
});
