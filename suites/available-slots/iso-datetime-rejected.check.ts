import { expectNoViolations, describeResponse } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { errorText, futureWindow, getSlots, legacyPair, requireSlots, standardPair } from './support.js';

// §4.5 slots, §7 row 1: dates are YYYY-MM-DD only; an ISO datetime gets 400. The status is the rule;
// the message ("Invalid startDate or endDate") is recorded, not judged.
conformance('SLOTS-ISO-REJECTED', { needs: ['location'] }, async (ctx) => {
  const w = futureWindow(ctx, 'iso', 3);
  const iso = { start: `${w.start}T00:00:00Z`, end: `${w.end}T23:59:59Z` };
  const [, standard, legacy] = await Promise.all([requireSlots(ctx, w), getSlots(ctx, standardPair(iso)), getSlots(ctx, legacyPair(iso))]);
  ctx.observe('message', { appointmentDateStart: errorText(standard), startDate: errorText(legacy) });
  expectNoViolations(
    [
      ...(standard.status === 400 ? [] : [`appointmentDateStart=${iso.start}&appointmentDateEnd=${iso.end}: expected HTTP 400, got ${describeResponse(standard)}`]),
      ...(legacy.status === 400 ? [] : [`startDate=${iso.start}&endDate=${iso.end}: expected HTTP 400, got ${describeResponse(legacy)}`]),
    ],
    'availableSlots accepted an ISO 8601 datetime',
  );
});
