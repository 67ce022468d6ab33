import { addDays } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, daysOf, daysWithin } from './slots.js';

// §4.5: the slots of a location over a date range: no day after the window comes back. Whether the
// last day is in is not shown, so the day after it is tolerated; only days up to a month past the
// window count (a date further off, or before it like a timestamp of the answer, says nothing).
conformance('SLOTS-WINDOW-BOUNDED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const w = reference.window;
  const days = daysOf(reference.res);
  const inside = daysWithin(days, w);
  if (inside.length === 0) ctx.inconclusive('no day of the window could be located in the slots answer');
  const after = daysWithin(days, { start: addDays(w.end, 2), end: addDays(w.end, 31) });
  verdict(ctx, after.map((d) => `${d} came back for the window ${w.start}..${w.end}`), 'availableSlots served days past the window asked for', inside.length, 'days of the window returned');
});
