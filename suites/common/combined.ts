import { describeResponse, isSuccess, type Failure } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { fail, judgeFilterSettled } from './judge.js';
import { collect } from './listing.js';
import {
  pairReads,
  rowCases,
  rowKey,
  rowQuery,
  sentAs,
  showQuery,
  type CountedRead,
  type PairwiseScope,
} from './pairwise.js';
import { longestPage, pageCutShort, totalNote } from './row-pages.js';

/**
 * <resource>-FILTERS-COMBINE (§4.1, §4.2, §4.5 list, §4.6, with §8 paging): a list asked with several
 * documented filters at once holds every filter's own rule together. The rows and the records they
 * are judged on come from the resource's PairwiseScope; under rate limits a few rows are judged per
 * run, chosen with the seed and named in the evidence. A combination refused outright is not judged
 * (the spec does not say these parameters combine), only recorded. A row's pages must hold what the
 * server serves a page while the list goes on past them (row-pages.ts): a page cut before a
 * filter was applied comes back short. A reported total is only noted (S-PAGE-totals). Each row is
 * judged as its exchanges sent it (sentRow).
 */
export async function judgeCombined(ctx: CheckContext, scope: PairwiseScope): Promise<void> {
  const { adapter } = scope;
  const { rows, listings, counted, known } = await pairReads(ctx, scope);
  if (!rows.length && !counted.length)
    ctx.inconclusive(`no pair of ${adapter.path} filters could be given values the run's known records tell apart`);
  const cases = [];
  const refused: string[] = [];
  const unproven: string[] = [];
  for (const a of rows) {
    const listing = listings.get(rowKey(a.row))!;
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
    const judged = rowCases(adapter, a.row, listing, known);
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
  // Every filtered read, the rows' and the other checks' (counted), with the query its exchanges
  // show was sent (sentAs: another one is a harness error): a first page cut short fails, a total is noted.
  const reads: CountedRead[] = [
    ...rows.map((a) => ({ label: a.row.label, query: rowQuery(a.row), listing: listings.get(rowKey(a.row))! })),
    ...counted,
  ]
    .filter((r) => r.listing.ok)
    .map((r) => ({ ...r, query: sentAs(r.query, r.listing, r.label) }));
  for (const r of counted) await ctx.cite(...r.listing.responses);
  const longest = longestPage(
    adapter,
    reads.map((r) => r.listing),
  );
  const cut: Failure[] = [];
  for (const r of reads) {
    const short = await confirmedCut(ctx, adapter, r, longest);
    if (short) cut.push(short);
  }
  const notes = reads.flatMap((r) => totalNote(adapter, r.listing, showQuery(r.query)) ?? []);
  if (notes.length) ctx.observe('reported totals beside the records (a hint, S-PAGE-totals)', notes);
  if (cut.length) fail(`GET ${adapter.path} with documented filters combined: pages cut short`, ...cut);
  if (!cases.length)
    ctx.inconclusive(
      refused.length
        ? `every combination of ${adapter.path} filters sent was refused: ${refused.join('; ')}`
        : `no pair of ${adapter.path} filters could be given values the run's known records tell apart (no first page cut short)`,
    );
  await judgeFilterSettled(ctx, `GET ${adapter.path} with documented filters combined`, adapter, ...cases);
  ctx.saw(rows.length - refused.length, `combinations judged: ${rows.map((a) => a.row.label).join('; ')}`);
}

/**
 * A filtered read whose first page was cut short (row-pages.ts), read again until it is not or the
 * consistency window ends (records written meanwhile may have moved the list): the last read's
 * failure, or undefined.
 */
async function confirmedCut(
  ctx: CheckContext,
  adapter: PairwiseScope['adapter'],
  read: CountedRead,
  longest: number,
): Promise<Failure | undefined> {
  const { listing, query } = read;
  const q = showQuery(query);
  if (!pageCutShort(adapter, listing, longest, q)) return undefined;
  const pages = listing.responses.filter(isSuccess).length;
  const wait = await ctx.eventually(
    `the pages of GET ${adapter.path}?${q} holding what the list serves a page`,
    () => collect(ctx, adapter, query, { size: listing.size, maxPages: Math.max(2, pages) }),
    (l) => !l.ok || !pageCutShort(adapter, l, longest, q),
  );
  await ctx.cite(...wait.value.responses);
  return wait.value.ok ? pageCutShort(adapter, wait.value, longest, q) : undefined;
}
