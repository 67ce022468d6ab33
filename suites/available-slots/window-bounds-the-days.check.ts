import { addDays, boundOf, dayOf, daySpan, leaked, rangePlacement } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, daysOf, daysWithin } from './slots.js';

// §4.5: the slots of a location over a date range: no day outside the window comes back, on either
// side (the both-bounds technique). Whether the end day is in is not shown, so the day after it is
// tolerated, and the day before the start too; each served day is placed by the one range judge of
// harness/checks/ranges.ts. Only days that can be slots count: from tomorrow up to a month past the
// window (a date further off, or today or earlier like a timestamp of the answer, says nothing).
conformance('SLOTS-WINDOW-BOUNDED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const w = reference.window;
  const days = daysOf(reference.res);
  const inside = daysWithin(days, w);
  if (inside.length === 0) ctx.inconclusive('no day of the window could be located in the slots answer');
  const range = { start: boundOf('start', w.start), end: boundOf('end', w.end) };
  const slotLike = daysWithin(days, { start: addDays(dayOf(new Date()), 1), end: addDays(w.end, 31) });
  const outside = slotLike.filter((d) => rangePlacement(daySpan(d), range) === 'outside');
  verdict(
    ctx,
    outside.map((d) => leaked(d, `the window asked for is ${w.start}..${w.end}`, reference.res)),
    'availableSlots served days outside the window asked for',
    inside.length,
    'days of the window returned',
  );
});
