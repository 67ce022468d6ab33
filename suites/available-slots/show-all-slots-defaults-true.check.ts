import { daysFrom, leftOut } from '../../harness/checks/index.js';
import { verdict } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, daysOf } from './slots.js';

// §4.5 slots: showAllSlots defaults to true, and only false lets days without availability be left
// out. Without the parameter (the shared reference), every day of the window comes back. The window
// is nine days: its seven inner days hold every weekday (a closed one too), and whether the first and
// the last day are in the window is not shown, so they are not judged.
conformance('SLOTS-SHOW-ALL-DEFAULT', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const w = reference.window;
  const got = daysOf(reference.res);
  if (got.length === 0) ctx.inconclusive('no day could be located in the slots answer');
  ctx.observe('first and last day returned', { [w.start]: got.includes(w.start), [w.end]: got.includes(w.end) });
  const judged = daysFrom(w.start, w.end).slice(1, -1);
  const missing = judged.filter((d) => !got.includes(d));
  verdict(
    ctx,
    missing.map((d) =>
      leftOut(`day ${d}`, `it lies inside ${w.start}..${w.end} (returned: ${got.join(', ')})`, reference.res),
    ),
    'without showAllSlots, days of the window were left out',
    judged.length,
    'days of the window returned without showAllSlots',
  );
});
