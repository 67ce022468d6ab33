import { daysFrom, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, verdict } from '../common/judge.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, daysOf, getSlots, standardPair } from './slots.js';

// §4.5 slots: showAllSlots is a boolean, true by default; sent as true, every day of the window comes
// back as without it (only false may leave days out). The inner days of the run's window are judged.
conformance('SLOTS-SHOW-ALL-TRUE', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const w = reference.window;
  const res = await getSlots(ctx, { ...standardPair(w), showAllSlots: true });
  expect2xx(ctx, res, `availableSlots with showAllSlots=true`);
  const got = daysOf(res);
  if (isSuccess(res) && got.length === 0) ctx.inconclusive('no day could be located in the slots answer');
  const missing = daysFrom(w.start, w.end).slice(1, -1).filter((d) => !got.includes(d));
  verdict(ctx, missing.map((d) => `day ${d} of ${w.start}..${w.end} is missing (returned: ${got.join(', ')})`), 'showAllSlots=true left out days of the window', 7, 'days of the window returned with showAllSlots=true', { kind: 'record-left-out', res });
});
