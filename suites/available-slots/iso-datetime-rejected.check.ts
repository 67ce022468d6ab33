import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { slotsLegacy, slotsReference } from './fixtures.js';
import { controlAccepted, errorText, getSlots, legacyPair, show, standardPair } from './slots.js';

// §4.5 slots, §7 row 1: the dates are YYYY-MM-DD only; an ISO 8601 datetime gets 400. Sent in each
// pair, each against its date-only twin on the same days (shared): the preferred pair must have
// been accepted, or nothing is judged; the legacy half is judged only when its twin was accepted
// (SLOTS-LEGACY-PAIR judges that). The status is the rule; the message is recorded, not judged.
conformance('SLOTS-ISO-REJECTED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const [reference, legacy] = await Promise.all([slotsReference(ctx), slotsLegacy(ctx)]);
  await ctx.cite(reference.res, legacy.res);
  controlAccepted(ctx, reference);
  const w = reference.window;
  const iso = { start: `${w.start}T00:00:00Z`, end: `${w.end}T23:59:59Z` };
  const legacyTwin = isSuccess(legacy.res);
  const [standard, old] = await Promise.all([getSlots(ctx, standardPair(iso)), legacyTwin ? getSlots(ctx, legacyPair(iso)) : undefined]);
  ctx.observe('message', { preferred: errorText(standard), legacy: old ? errorText(old) : '(not sent: the legacy pair with dates was refused)' });
  const problems = [
    ...(standard.status === 400 ? [] : [`${show(standardPair(iso))}: expected HTTP 400, got ${describeResponse(standard)}`]),
    ...(old && old.status !== 400 ? [`${show(legacyPair(iso))}: expected HTTP 400, got ${describeResponse(old)}`] : []),
  ];
  verdict(ctx, problems, 'availableSlots accepted an ISO 8601 datetime', old ? 2 : 1, 'ISO 8601 windows answered 400 while the same days as YYYY-MM-DD were accepted');
});
