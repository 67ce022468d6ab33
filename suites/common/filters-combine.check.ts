import { describeResponse } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter } from './judge.js';
import { pairReads, rowCases, rowQuery, showQuery } from './pairwise.js';
import { pairwiseScopes } from './resources.js';

// Each list's documented filters in pairs (§4.1, §4.2, §4.5 list, §4.6, with §8 paging): a list asked
// with several filters at once holds every filter's own rule together. The rows and the records
// they are judged on come from each resource's PairwiseScope; under rate limits a few rows are
// judged per run, chosen with the seed and named in the evidence. A combination refused outright
// is not judged (the spec does not say these parameters combine), only recorded.
for (const scope of pairwiseScopes) {
  const { adapter } = scope;
  conformance(scope.clause, { needs: scope.needs }, async (ctx: CheckContext) => {
    const { rows, listings } = await pairReads(ctx, scope);
    if (!rows.length)
      ctx.inconclusive(`no pair of ${adapter.path} filters could be given values the run's known records tell apart`);
    const cases = [];
    const refused: string[] = [];
    const unproven: string[] = [];
    for (const a of rows) {
      const listing = listings.get(a.row.label)!;
      await ctx.cite(...listing.responses);
      const q = showQuery(rowQuery(a.row));
      if (!listing.ok) {
        refused.push(`${a.row.label} (${q}): ${describeResponse(listing.first)}`);
        continue;
      }
      ctx.observe(
        `${a.row.label}`,
        `${q}: ${listing.records.length} record(s) on ${listing.responses.length} page(s) of ${listing.size}${listing.complete ? ', read to the end' : ''}`,
      );
      const judged = rowCases(adapter, a, listing);
      cases.push(...judged.cases);
      const missing = a.row.rules
        .filter((r) => !r.opaque)
        .map((r) => r.name)
        .filter((n) => !judged.proven.includes(n));
      if (missing.length) unproven.push(`${missing.join(', ')} in ${a.row.label}`);
    }
    ctx.observe(
      'rows judged',
      `${rows.map((a) => a.row.label).join('; ')}${ctx.frugal ? ` (sampled with SEED=${ctx.seed})` : ' (every row)'}`,
    );
    if (refused.length) ctx.observe('combinations refused (not judged)', refused);
    if (unproven.length) ctx.observe('filters not shown to narrow beside the others', unproven);
    if (!cases.length)
      ctx.inconclusive(`every combination of ${adapter.path} filters sent was refused: ${refused.join('; ')}`);
    judgeFilter(ctx, `GET ${adapter.path} with documented filters combined`, ...cases);
    ctx.saw(rows.length - refused.length, `combinations judged: ${rows.map((a) => a.row.label).join('; ')}`);
  });
}
