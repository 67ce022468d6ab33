import { addDays, ContractViolation, describeResponse, expectNoViolations, parseDateTime } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { collectOrders, orderIdOf } from './support.js';

const DAY = 86_400_000;
const filters = [
  { field: 'createdDate', start: 'createdDateStart', end: 'createdDateEnd' },
  { field: 'updatedDate', start: 'updatedDateStart', end: 'updatedDateEnd' },
] as const;

// §4.6: the created and updated date filters accept YYYY-MM-DD and hold. The time zone of a
// date-only bound is not shown: a day of slack on each side.
conformance('PO-DATE-FILTERS', async (ctx) => {
  const sample = await collectOrders(ctx, {}, 1);
  if (!sample.ok) return ctx.inconclusive(`precondition: GET /purchaseOrders was refused (${describeResponse(sample.res)})`);
  const problems: string[] = [];
  for (const f of filters) {
    const days = sample.records.map((r) => parseDateTime(r[f.field])).filter((t): t is number => t !== undefined).sort((a, b) => a - b);
    const past = { [f.start]: '1990-01-01', [f.end]: '1990-01-31' };
    const mid = days.length >= 3 ? { start: new Date(days[Math.floor(days.length / 4)]!).toISOString().slice(0, 10), end: new Date(days[Math.floor((days.length * 3) / 4)]!).toISOString().slice(0, 10) } : undefined;
    const [before, inside] = await Promise.all([
      collectOrders(ctx, past, 1),
      mid ? collectOrders(ctx, { [f.start]: mid.start, [f.end]: mid.end }, 3) : Promise.resolve(undefined),
    ]);
    if (!before.ok) throw new ContractViolation(`${f.start}=1990-01-01&${f.end}=1990-01-31 was refused: ${describeResponse(before.res)}`);
    if (before.records.length) problems.push(`a window in January 1990 listed ${before.records.length} orders, e.g. ${orderIdOf(before.records[0]!)} with ${f.field} ${JSON.stringify(before.records[0]![f.field])}`);
    if (!mid || !inside) {
      ctx.observe(`${f.field} window`, `fewer than 3 orders carry ${f.field}: checked only that a 1990 window is empty`);
      continue;
    }
    if (!inside.ok) throw new ContractViolation(`${f.start}=${mid.start}&${f.end}=${mid.end} was refused: ${describeResponse(inside.res)}`);
    const [from, to] = [Date.parse(`${addDays(mid.start, -1)}T00:00:00Z`), Date.parse(`${addDays(mid.end, 1)}T00:00:00Z`) + DAY];
    for (const r of inside.records) {
      const t = parseDateTime(r[f.field]);
      if (t !== undefined && (t < from || t >= to)) problems.push(`${f.start}=${mid.start}&${f.end}=${mid.end} listed ${orderIdOf(r)} with ${f.field} ${String(r[f.field])}`);
    }
    // Orders a full day inside the window must come back whatever the time zone of a bound.
    const surely = sample.records.filter((r) => { const t = parseDateTime(r[f.field]); return t !== undefined && t >= from + 2 * DAY && t < to - 2 * DAY; });
    if (surely.length && inside.records.length === 0) problems.push(`${f.start}=${mid.start}&${f.end}=${mid.end} listed nothing, though ${surely.length} orders of the first page lie well inside it`);
  }
  expectNoViolations(problems, 'the purchase-order date filters do not hold');
});
