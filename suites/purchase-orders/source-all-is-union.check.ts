import { ContractViolation, describeResponse, expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { collectOrders, listPurchaseOrders, listTotal, orderIdOf, sliceNames, slices, type Collected } from './support.js';

const unions = { 'source=all': { source: 'all' }, 'source omitted': {} } as const;

/** Identity of an order across slices: ids may repeat across backends, so the source goes with it. */
const keyOf = (r: Record<string, unknown>) => `${String(r.source)}|${orderIdOf(r) ?? JSON.stringify(r)}`;

// §4.6 source table: all, and an omitted source, return the three backends combined. Purchase
// orders are read-only, so counts stay put during the run; a change makes the check inconclusive.
conformance('PO-SOURCE-ALL-UNION', async (ctx) => {
  const queries = [...sliceNames.map((n) => ({ name: slices[n].name, query: slices[n].query })), ...Object.entries(unions).map(([name, query]) => ({ name, query }))];
  /** A refused slice belongs to that slice's clause; a refused union to this one. */
  const refused = (i: number, answer: string | undefined) => {
    if (answer === undefined) return;
    if (i < sliceNames.length) ctx.inconclusive(`precondition: ${queries[i]!.name} was refused (${answer})`);
    throw new ContractViolation(`${queries[i]!.name} was refused: ${answer}`);
  };
  const firsts = await Promise.all(queries.map((q) => listPurchaseOrders(ctx, { ...q.query, size: 1, page: 1 })));
  firsts.forEach((res, i) => refused(i, res.status >= 200 && res.status < 300 ? undefined : describeResponse(res)));
  const totals = firsts.map(listTotal);
  const sliceCount = sliceNames.length;
  if (totals.every((t) => t !== undefined)) {
    const parts = totals.slice(0, sliceCount) as number[];
    const sum = parts.reduce((a, b) => a + b, 0);
    ctx.observe('totals (reported)', Object.fromEntries(queries.map((q, i) => [q.name, totals[i]])));
    if (sum === 0) ctx.skip('the company has no purchase orders in any backend');
    const again = listTotal(await listPurchaseOrders(ctx, { source: 'all', size: 1, page: 1 }));
    if (again !== totals[sliceCount]) ctx.inconclusive('the total of source=all changed during the check (data changing under the run)');
    expectNoViolations(
      totals.slice(sliceCount).map((t, i) => (t === sum ? undefined : `${Object.keys(unions)[i]} reports ${t} orders; the four slices add up to ${sum} (${parts.join(' + ')})`)).filter((x): x is string => !!x),
      'the combined list is not the union of the backends',
    );
    return;
  }
  // No reported total: walk every query (bounded) and compare the records themselves.
  const walked: Collected[] = await Promise.all(queries.map((q) => collectOrders(ctx, q.query, 20)));
  walked.forEach((w, i) => {
    refused(i, w.ok ? undefined : describeResponse(w.res));
    if (w.ok && !w.complete) ctx.inconclusive(`${queries[i]!.name} holds more than 20 pages of orders and reports no total: the union is not walked`);
  });
  const sets = walked.map((w) => (w.ok ? w.records.map(keyOf) : []));
  const union = new Set(sets.slice(0, sliceCount).flat());
  ctx.observe('totals (walked)', Object.fromEntries(queries.map((q, i) => [q.name, sets[i]!.length])));
  if (union.size === 0) ctx.skip('the company has no purchase orders in any backend');
  const problems: string[] = [];
  sets.slice(sliceCount).forEach((set, i) => {
    const name = Object.keys(unions)[i]!;
    const have = new Set(set);
    const missing = [...union].filter((k) => !have.has(k));
    const extra = [...have].filter((k) => !union.has(k));
    if (missing.length || extra.length || set.length !== union.size) {
      problems.push(`${name}: ${set.length} orders against ${union.size} in the slices; missing ${missing.slice(0, 5).join(', ') || 'none'}; extra ${extra.slice(0, 5).join(', ') || 'none'}`);
    }
  });
  expectNoViolations(problems, 'the combined list is not the union of the backends');
});
