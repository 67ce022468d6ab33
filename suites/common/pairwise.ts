import type { ClauseId } from '../../contract/clauses.js';
import type { Query } from '../../harness/client.js';
import { filterVerdict } from '../../harness/checks/index.js';
import type { CheckContext, Need } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import type { Rec, ResourceAdapter } from './adapter.js';
import { answersOf, type Admission, type JudgedCase, type Recheck } from './judge.js';
import { collect, collectShowing, sentParams, wireParams, type Listing } from './listing.js';

/**
 * Parameters in pairs (contract/techniques.ts `pairwise-parameters`). A list endpoint's documented
 * filters are sent two (or three) at once, each row of a small covering set pairing every filter
 * with every other one and with paging, and every row is judged with the filters' own rules at
 * once: what each filter's check calls a match comes back when all of them match, and a record one
 * filter excludes (the others admitting it) stays out. A filter dropped because another one was
 * sent then shows as a record that filter alone would have kept out.
 *
 * A resource describes itself once (PairwiseScope): its rules, the records the run knows (its own
 * fixtures as read back, the shared samples and the shared reads of the single-filter checks), and
 * the candidate rows with values chosen from them so that each filter really narrows. Rows another
 * check reads anyway are judged from that shared read; the others are sent here, once per run for
 * every check that judges them (the filtered tenancy check lists the other company with them).
 */

export type { Admission } from './judge.js';

/**
 * A bug of the harness in what a check plans or holds (two rows asking one question, a rule judged
 * beside a listing its request did not ask): never the target's failure. Thrown, it errors the check
 * (a harness error: the run ends INCONCLUSIVE, exit 3).
 */
export class PlanError extends Error {
  override name = 'PlanError';
}

/** A record the run knows before the row is read: its own, or one a shared read showed. */
export interface Known {
  id: string;
  record: Rec;
  /** Where the run knows it from, for messages: 'created by the run', 'the sample'. */
  from: string;
  /** For the run's own records: when the write was sent (Date.now()), so a window can place it without a located time. */
  writtenAt?: number;
  /** When a read mid-run first showed it: a listing read before then may rightly lack it (written since). */
  knownAt?: number;
}

/** One documented filter with its value, judged by the rule its single-filter check applies. */
export interface FilterRule {
  /** Its name in rows and messages: 'customerId', 'updated window'. */
  name: string;
  query: Query;
  admits(k: Known): Admission;
  /** Set when no record shows what the filter matches (§2.6 shows no such field): sent, never proven. */
  opaque?: boolean;
}

/** One parameter value per name, as an exchange sent it (a rule's own parameters). */
export type Sent = Readonly<Record<string, string>>;

/**
 * A rule that can be made again from the parameters it sends: the judge reads them back from the
 * exchange of the listing it judges and judges with the rule they make, so a rule and its request
 * cannot drift apart.
 */
export interface BoundRule extends FilterRule {
  rebuild(sent: Sent): FilterRule;
}

/** A rule with the way back from its parameters (the plan checks that the way back gives the same query). */
export const bound = (rule: FilterRule, rebuild: (sent: Sent) => FilterRule): BoundRule => ({ ...rule, rebuild });

/** A combination of filters sent at once; it is known by its parameters and page size (rowKey), never by its label. */
export interface PairRow {
  /** Names the row in evidence and messages: 'customerId × search'. */
  label: string;
  rules: readonly BoundRule[];
  /** The answer when another check reads this very query anyway (shared): judged, never sent again. */
  shared?: Listing;
  /** Page size of a row sent here: a small one pairs each filter of the row with paging too. */
  size?: number;
  /** The run's own records the row must show, and when they were written: read until they do, within the window. */
  awaits?: { ids: readonly string[]; writtenAt?: number };
}

export interface PairPlan {
  known: readonly Known[];
  rows: readonly PairRow[];
  /**
   * Filtered lists another check read anyway, held only to their reported totals beside the paging
   * they were read with (suites/common/row-totals.ts): that check judges their records itself.
   */
  counted?: readonly CountedRead[];
}

/** A filtered list read by another check, with its query. */
export interface CountedRead {
  label: string;
  query: Query;
  listing: Listing;
}

export interface PairwiseScope {
  adapter: ResourceAdapter;
  /** The clause whose rule is that filters hold together: <resource>-FILTERS-COMBINE. */
  clause: ClauseId;
  needs?: readonly Need[];
  /** Rule names the plain tenancy probe already narrows with: the filtered isolation check prefers rows with others. */
  plainNarrowing: readonly string[];
  /** Rule names whose value belongs to COMPANY_ID and that another company must refuse (§7 row 8): never sent for it. */
  companyBound?: readonly string[];
  /** Rules, known records and candidate rows; deterministic for a run (shared reads and the run's start only). */
  plan(ctx: CheckContext): Promise<PairPlan>;
}

/** The parameters of a row: every rule's at once. */
export const rowQuery = (row: PairRow): Query => Object.assign({}, ...row.rules.map((r) => r.query)) as Query;

export const showQuery = (q: Query): string =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&');

/** Page size a row sent here is read with when it names none (collect's default). */
const DEFAULT_SIZE = 100;

const canonical = (q: Query) =>
  [...wireParams(q)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, vs]) => vs.map((v) => `${k}=${v}`).join('&'))
    .join('&');

/** A row's identity: the parameters it sends and the page size it is read in. Two rows with one key ask one question. */
export const rowKey = (row: PairRow): string =>
  `${canonical(rowQuery(row))} @${row.size ?? row.shared?.size ?? DEFAULT_SIZE}`;

const sameParams = (a: Query, b: Query) => canonical(a) === canonical(b);

/**
 * A plan made as designed, or a PlanError: every row has its own key, its rules their own names and
 * parameters (a case of the row is its rule), every rule made again from its own parameters gives
 * them back, and every counted read its own query.
 */
export function checkPlan(plan: PairPlan): void {
  const keys = new Map<string, string>();
  for (const row of plan.rows) {
    const key = rowKey(row);
    const twin = keys.get(key);
    if (twin !== undefined) throw new PlanError(`two rows ask one question (${key}): "${twin}" and "${row.label}"`);
    keys.set(key, row.label);
    const names = new Set<string>();
    const params = new Set<string>();
    for (const rule of row.rules) {
      if (names.has(rule.name)) throw new PlanError(`row "${row.label}" holds two rules named ${rule.name}`);
      names.add(rule.name);
      for (const k of wireParams(rule.query).keys()) {
        if (params.has(k)) throw new PlanError(`row "${row.label}" sends ${k} for two rules`);
        params.add(k);
      }
      const again = rule.rebuild(sentOf(rule.query));
      if (again.name !== rule.name || !sameParams(again.query, rule.query))
        throw new PlanError(
          `rule ${rule.name} of "${row.label}" made again from ${showQuery(rule.query)} gives ${again.name}: ${showQuery(again.query)}`,
        );
    }
  }
  const counted = new Map<string, string>();
  for (const c of plan.counted ?? []) {
    const key = canonical(c.query);
    if (counted.has(key))
      throw new PlanError(`two counted reads ask one question (${key}): "${counted.get(key)}" and "${c.label}"`);
    counted.set(key, c.label);
  }
}

/** A query as one value per name (a rule's parameters take one each). */
const sentOf = (q: Query): Sent => Object.fromEntries([...wireParams(q)].map(([k, vs]) => [k, vs[0]!]));

/**
 * The parameters `query` names, as every exchange of the listing sent them, or a PlanError when an
 * answer records no request, or one sent other values: the listing then answers another question.
 */
export function sentAs(query: Query, listing: Listing, what: string): Sent {
  const intended = wireParams(query);
  let sent: Sent | undefined;
  for (const res of listing.responses) {
    const params = sentParams(res);
    if (!params) throw new PlanError(`${what}: an answer of its listing records no request URL to judge it by`);
    const here: Record<string, string> = {};
    for (const [k, vs] of intended) {
      const got = params.getAll(k);
      if (got.join('\u0000') !== vs.join('\u0000'))
        throw new PlanError(
          `${what} intends ${k}=${vs.join(',')} but its listing sent ${got.length ? `${k}=${got.join(',')}` : `no ${k}`} (exchange ${res.exchangeId ?? 'unrecorded'}: ${res.url})`,
        );
      here[k] = got[0]!;
    }
    sent ??= here;
  }
  return sent ?? sentOf(query);
}

/** The row as its listing's exchanges sent it: each rule made again from the parameters read back (sentAs). */
export function sentRow(row: PairRow, listing: Listing): PairRow {
  const sent = sentAs(rowQuery(row), listing, `row "${row.label}"`);
  const rules = row.rules.map((r) => {
    const own = Object.fromEntries([...wireParams(r.query).keys()].map((k) => [k, sent[k]!]));
    return bound(r.rebuild(own), r.rebuild);
  });
  return { ...row, rules };
}

/** A row against the known records: what must come back, and what each filter alone must keep out. */
export interface Analysed {
  row: PairRow;
  expected: Known[];
  /** Known records one rule excludes while every other rule of the row admits them, by rule name. */
  excludedBy: Map<string, { k: Known; why: string }[]>;
  /** Known records two or more rules exclude: they stay out, but prove no rule alone. */
  excludedByMany: { k: Known; why: string }[];
  /** Rules the known records can show narrowing beside the others. */
  provable: string[];
}

export function analyse(row: PairRow, known: readonly Known[]): Analysed {
  const a: Analysed = {
    row,
    expected: [],
    excludedBy: new Map(row.rules.map((r) => [r.name, []])),
    excludedByMany: [],
    provable: [],
  };
  for (const k of known) {
    const verdicts = row.rules.map((r) => ({ rule: r, v: r.admits(k) }));
    const outs = verdicts.filter((x): x is { rule: BoundRule; v: { out: string } } => typeof x.v === 'object');
    if (outs.length === 0) {
      if (verdicts.every((x) => x.v === true)) a.expected.push(k);
      continue;
    }
    const why = outs.map((x) => `${x.rule.name}: ${x.v.out}`).join('; ');
    if (outs.length === 1 && verdicts.every((x) => x.v !== undefined))
      a.excludedBy.get(outs[0]!.rule.name)!.push({ k, why });
    else if (outs.length > 1) a.excludedByMany.push({ k, why });
  }
  a.provable = row.rules.filter((r) => a.excludedBy.get(r.name)!.length > 0).map((r) => r.name);
  return a;
}

/**
 * A row worth judging: something must come back, or some rule can be shown to hold beside the
 * others; a row another check reads anyway is always judged (its listed records, by their fields).
 */
const useful = (a: Analysed) => a.expected.length > 0 || a.provable.length > 0 || a.row.shared !== undefined;

/** Own rows sent per run under rate limits, at most: the shared ones cost nothing and are always judged. */
const FRUGAL_OWN_ROWS = 2;

/**
 * The rows judged this run. Without limits, every useful row. Under rate limits, the rows other
 * checks read anyway, plus own rows in an order shuffled with the seed: each one taken while it
 * shows a rule or a pair of rules no row taken so far shows, at least one and at most FRUGAL_OWN_ROWS.
 */
export function selectRows(ctx: CheckContext, scope: PairwiseScope, plan: PairPlan): Analysed[] {
  const rows = plan.rows.map((r) => analyse(r, plan.known)).filter(useful);
  if (!ctx.frugal) return rows;
  const free = rows.filter((a) => a.row.shared);
  const own = seededFaker(ctx.seed, `pairwise:${scope.adapter.name}`).helpers.shuffle(
    rows.filter((a) => !a.row.shared),
  );
  // What a row proves: each rule it shows narrowing, and each pair of them narrowing together (a
  // filter dropped only beside another is caught only by a row that proves both).
  const proves = (a: Analysed) => [
    ...a.provable,
    ...a.provable.flatMap((x, i) => a.provable.slice(i + 1).map((y) => [x, y].sort().join(' × '))),
  ];
  const covered = new Set(free.flatMap(proves));
  const chosen: Analysed[] = [];
  for (;;) {
    const gain = (a: Analysed) => proves(a).filter((n) => !covered.has(n)).length;
    const next = own.filter((a) => !chosen.includes(a)).sort((x, y) => gain(y) - gain(x))[0];
    if (!next || chosen.length >= FRUGAL_OWN_ROWS || (chosen.length > 0 && gain(next) === 0)) break;
    chosen.push(next);
    proves(next).forEach((n) => covered.add(n));
  }
  return [...free, ...chosen];
}

/** The rows of a run with the answer of each, by row key (rowKey), and the records they are judged on. */
export interface PairReads {
  rows: Analysed[];
  listings: Map<string, Listing>;
  counted: readonly CountedRead[];
  known: readonly Known[];
}

/**
 * The rows chosen for the run and their listings: the shared ones as another check read them, the
 * others read once per run (shared task `pairwise:<resource>`), each to its end or a few pages.
 */
export async function pairReads(ctx: CheckContext, scope: PairwiseScope): Promise<PairReads> {
  const plan = await scope.plan(ctx);
  checkPlan(plan);
  const rows = selectRows(ctx, scope, plan);
  const own = await ctx.shared(`pairwise:${scope.adapter.name}`, async (s) => {
    const made = await scope.plan(s);
    checkPlan(made);
    const mine = selectRows(s, scope, made).filter((a) => !a.row.shared);
    const read = await Promise.all(mine.map((a) => readRow(s, scope.adapter, a.row)));
    return Object.fromEntries(mine.map((a, i) => [rowKey(a.row), read[i]!]));
  });
  const listings = new Map<string, Listing>();
  for (const a of rows) {
    const l = a.row.shared ?? own[rowKey(a.row)];
    if (l) listings.set(rowKey(a.row), l);
  }
  return {
    rows: rows.filter((a) => listings.has(rowKey(a.row))),
    listings,
    counted: plan.counted ?? [],
    known: plan.known,
  };
}

function readRow(ctx: CheckContext, adapter: ResourceAdapter, row: PairRow): Promise<Listing> {
  const query = rowQuery(row);
  const o = { size: row.size, maxPages: ctx.frugal ? 2 : 4 };
  const awaited = row.awaits?.ids ?? [];
  if (!awaited.length) return collect(ctx, adapter, query, o);
  // The run's own records may show in a filtered list late: read until they do, within the window.
  const what = `the run's ${awaited.join(', ')} shown in GET ${adapter.path}?${showQuery(query)}`;
  return collectShowing(ctx, adapter, query, what, (l) => awaited.every((id) => l.ids.includes(id)), {
    ...o,
    writtenAt: row.awaits?.writtenAt,
  });
}

/**
 * A row's listing as filter cases, one per rule (judgeFilter then states what failed): the known
 * matches must come back, the records that rule alone excludes must stay out, and no listed record
 * may show, by its own fields, that a rule of the row excludes it. What is expected is worked out
 * from the row as its listing's exchanges sent it (sentRow), never from the plan alone. Each case
 * says how a record the run does not control is judged again on its current state (Recheck).
 */
export function rowCases(
  adapter: ResourceAdapter,
  planned: PairRow,
  listing: Listing,
  known: readonly Known[],
): { cases: JudgedCase[]; proven: string[] } {
  const a = analyse(sentRow(planned, listing), known);
  const { row } = a;
  const answers = answersOf(listing, adapter);
  const knownOut = new Set([...[...a.excludedBy.values()].flat(), ...a.excludedByMany].map((x) => x.k.id));
  const listed = listing.records.map((record) => ({ id: adapter.idOf(record) ?? '(no id)', record, from: 'listed' }));
  const at = ` (${row.label})`;
  const byId = new Map(known.map((k) => [k.id, k]));
  const controlled = (id: string) => byId.get(id)?.writtenAt !== undefined;
  const now = (id: string, record: Rec): Known => ({ ...(byId.get(id) ?? { id, from: 'read again' }), record });
  const every = (k: Known): Admission => {
    const vs = row.rules.map((r) => r.admits(k));
    const out = vs.find((v): v is { out: string } => typeof v === 'object');
    return out ?? (vs.every((v) => v === true) ? true : undefined);
  };
  const cases = row.rules.map((rule, i): JudgedCase => {
    const judged = listed.map((k) => ({ k, v: rule.admits(k) })).filter((x) => x.v !== undefined);
    const recheck: Recheck = {
      controlled,
      expectedNow: (id, record) => every(now(id, record)),
      excludedNow: (id, record) => rule.admits(now(id, record)),
    };
    return {
      expected:
        i === 0
          ? a.expected
              .filter((k) => existedBefore(k, listing))
              .map((k) => ({ id: k.id, why: `every filter of ${row.label} admits it (${k.from})` }))
          : [],
      excluded: a.excludedBy
        .get(rule.name)!
        .map((x) => ({ id: x.k.id, why: `${x.why}, the other filters admitting it${at}` })),
      returned: listing.ids,
      complete: listing.complete,
      mismatched: judged
        .filter((x) => typeof x.v === 'object' && !knownOut.has(x.k.id))
        .map((x) => ({
          id: x.k.id,
          message: `${x.k.id} came back though ${rule.name} excludes it: ${(x.v as { out: string }).out}${at}`,
        })),
      judgedRecords: judged.length,
      othersExist: a.excludedBy.get(rule.name)!.length > 0,
      recheck,
      ...answers,
    };
  });
  const proven = row.rules.filter((_, i) => filterVerdict(cases[i]!).negatives > 0).map((r) => r.name);
  if (a.excludedByMany.length)
    cases.push({
      expected: [],
      excluded: a.excludedByMany.map((x) => ({ id: x.k.id, why: `${x.why}${at}` })),
      returned: listing.ids,
      complete: listing.complete,
      // Kept out by two or more rules: it came back rightly only if it now matches every one.
      recheck: {
        controlled,
        expectedNow: (id, record) => every(now(id, record)),
        excludedNow: (id, record) => every(now(id, record)),
      },
      ...answers,
    });
  return { cases, proven };
}

/** Whether a known record surely existed when a listing began to be read (a record shown mid-run may be newer). */
const existedBefore = (k: Known, l: Listing) =>
  k.knownAt === undefined || l.readFrom === undefined || k.knownAt <= l.readFrom;

/** A record of the own company's listing shown in another company's: same id, and the same creation time where both show one. */
export function sameRecord(adapter: ResourceAdapter, a: Rec, b: Rec): boolean {
  const created = (r: Rec) => r.createdDate ?? r.createdAt;
  return (
    adapter.idOf(a) !== undefined &&
    adapter.idOf(a) === adapter.idOf(b) &&
    (created(a) === undefined || created(b) === undefined || created(a) === created(b))
  );
}
