import { ContractViolation, datesIn, daysFrom } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { futureWindow, requireSlots } from './support.js';

// §4.5 slots: showAllSlots defaults to true, so no day of the window may be left out. Eight days, so
// every weekday (closed ones too) lies before the end day, whose inclusion is not shown and not judged.
conformance('SLOTS-SHOW-ALL-DEFAULT', { needs: ['location'] }, async (ctx) => {
  const w = futureWindow(ctx, 'show-all', 8);
  const res = await requireSlots(ctx, w);
  const got = datesIn(res.json);
  if (got.length === 0) ctx.inconclusive('no dates could be located in the slots answer');
  ctx.observe('end day included', got.includes(w.end));
  const missing = daysFrom(w.start, w.end).slice(0, -1).filter((d) => !got.includes(d));
  if (missing.length) throw new ContractViolation(`without showAllSlots, the window ${w.start}..${w.end} left out ${missing.join(', ')} (returned: ${got.join(', ')})`);
});
