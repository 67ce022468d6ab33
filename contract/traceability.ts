import { clauseIds, clauses, type ClauseId } from './clauses.js';
import { specIndex } from './spec-index.js';

/**
 * The traceability matrix: one entry per normative unit of the spec (contract/spec-index.ts), in the
 * spec's order, saying which clauses check it, or why none does.
 *
 * A clause carries its own trace (`spec` in contract/clauses/<area>.ts, like test262's `esid`): the
 * unit -> clauses view below is derived from it. This file keeps only what is not a clause's:
 * - `reasons`: units no clause needs, and why: `not-a-rule` (captions, background, advice to
 *   clients, scope statements), `not-testable` (a rule no black-box check can decide), `not-shown`
 *   (a "not shown" sentence whose choice no observed clause records);
 * - `gaps`: what part of a testable rule no check exercises (with tracing clauses, the unit is
 *   partly covered; without, not covered at all).
 * "Not shown" sentences whose choice an observed clause records are traced by that clause. A clause
 * the catalogue marks `notTestable` may trace units too (they then count as not testable in
 * contract/coverage.ts), so that every clause traces back to a sentence.
 *
 * test/traceability.test.ts fails when a unit is accounted for twice (a reason and a clause) or not
 * at all, when a clause names a unit that does not exist, or when a strict testable clause traces
 * none. When the spec changes, `npm run spec-drift` lists what to add, remove or re-read.
 */

export type ReasonKind = 'not-a-rule' | 'not-testable' | 'not-shown';

interface EntryBase {
  /** `§4.5`, as the parser derives it from the headings. */
  readonly section: string;
  /** First 12 hex characters of sha256 of the unit's normalised text. */
  readonly fingerprint: string;
  /** The unit's similarity sketch (spec-units.ts sketchOf), for pairing edited sentences. */
  readonly sketch: string;
  /** A paraphrase of at most ten words. */
  readonly label: string;
}

/** A rule checked (in full or in part) by clauses of the catalogue, or a testable rule without one. */
export interface CoveredEntry extends EntryBase {
  readonly covers: readonly ClauseId[];
  /** What no check exercises; required when `covers` is empty. */
  readonly gap?: string;
  readonly reason?: never;
}

/** A unit that needs no clause, and why. */
export interface ReasonEntry extends EntryBase {
  readonly reason: { readonly kind: ReasonKind; readonly why: string };
  readonly covers?: never;
  readonly gap?: never;
}

export type TraceEntry = CoveredEntry | ReasonEntry;

export const isCovered = (e: TraceEntry): e is CoveredEntry => e.covers !== undefined;

/** Units that need no clause, by fingerprint. */
export const reasons: Readonly<Record<string, { readonly kind: ReasonKind; readonly why: string }>> = {
  e7301437dff1: { kind: 'not-a-rule', why: 'Scope statement; each area has its own rules in §2 to §4.' }, // §0 Scope: the six resource areas of the service
  db993fc9c272: { kind: 'not-a-rule', why: 'Reading convention; the harness joins every path to BASE_URL.' }, // §0 Paths are written relative to the base address
  bbfd41998514: {
    kind: 'not-a-rule',
    why: 'Pointer only; the endpoints that take a location carry their own rules in §4.3 to §4.6, and the parameter name is not shown.',
  }, // §1 Some endpoints are also scoped to a location
  '305fa36b8a85': { kind: 'not-a-rule', why: 'Maturity label with no observable behaviour.' }, // §1 Customer writes are still in beta
  e2cc461dd88b: { kind: 'not-a-rule', why: 'Points at GET /appointments, an API this spec does not describe.' }, // §1 Not the same thing as scheduled appointments
  e52807fe9ff3: { kind: 'not-a-rule', why: 'General HTTP background.' }, // §1 Anatomy of an HTTP request
  b9e16485c0c0: { kind: 'not-a-rule', why: 'General HTTP background.' }, // §1 Anatomy of an HTTP response
  '57825ceedb95': { kind: 'not-a-rule', why: 'Caption of the table that follows; its rows carry the rules.' }, // §2.2 Caption: fields an item read returns
  bcbb3ee128dc: { kind: 'not-a-rule', why: 'Caption of the table that follows.' }, // §2.2 Caption: part details structure
  '0443a70df010': {
    kind: 'not-shown',
    why: 'No clause records these structures; only that details is an object is checked, when such an item happens to be read.',
  }, // §2.2 Labor, discount and fee details undocumented
  ead7981ae8e8: { kind: 'not-a-rule', why: 'Caption of the table that follows.' }, // §2.6 Caption: documented purchase-order fields
  '163fde9e3674': { kind: 'not-a-rule', why: 'Introduces the table of answer shapes below.' }, // §2.7 Answer shapes vary per area
  ec416dc199fe: { kind: 'not-a-rule', why: 'Restates the previous sentence.' }, // §2.7 No single common answer shape
  '013abc8ac20c': {
    kind: 'not-shown',
    why: 'No clause records them: no reactivation is ever asked for (an update without the status must leave an archived record archived, judged as a partial update), and the request status filter is never sent.',
  }, // §3 Reactivation and request states undocumented
  '32b7eb54e352': { kind: 'not-shown', why: 'Nothing to call or record.' }, // §3 No further transitions documented
  '3de9d845afcc': { kind: 'not-a-rule', why: 'Caption of the numbered rules that follow.' }, // §4.5 Caption: numbered list rules
  f598763028b4: { kind: 'not-shown', why: 'Nothing to call or record; no clause.' }, // §6 Events and webhooks undocumented
  '790ea7c500cb': { kind: 'not-a-rule', why: 'Advice to client developers, not server behaviour.' }, // §8 Advice: large syncs should filter by source
  '2a51b6590f02': {
    kind: 'not-shown',
    why: 'No clause records them; the harness paces itself (RATE_LIMIT_*) instead of probing limits.',
  }, // §8 Rate and size limits undocumented
  ae23b39fb8fa: { kind: 'not-a-rule', why: 'Stability notice; nothing to observe.' }, // §9 Beta customer writes may still change
  '0add0a6e8278': { kind: 'not-shown', why: 'Nothing observable; no clause.' }, // §9 Deprecation policy undocumented
};

/** What no check exercises of a testable unit, by fingerprint. */
export const gaps: Readonly<Record<string, string>> = {
  '05488fb030b6':
    "That a stocked item whose level the run set appears in the list is not checked: the list's paging is not shown, so its absence could not be proven (see §4.4 GET). The other way is judged on every page read: the run's unstocked part never shows.", // §1 Levels readable for stocked items, writable in bulk
  '687448934f43':
    'DELETE is sent only to the embedded mock: against a live target a wrong answer would delete a real order.', // §1 Purchase orders can only be read
  '60779871fc6f':
    "Only one direction is checked (what is listed is stocked, the run's unstocked part looked for from the list's end back to the run's stocked parts): whether the list shows every stocked item cannot be judged while its paging is not shown.", // §4.4 Levels of stocked items over one or more locations
  '8fa8ff7208bc':
    'That the token lacking the permission still works elsewhere is shown by the preflight (a refusal there stops the run as a configuration error naming ACCESS_TOKEN_NO_PO), not by a clause.', // §5 Order endpoints also need the order permission
};

/** The clauses that trace each unit (by fingerprint), in the catalogue's order. */
export function tracingClauses(): ReadonlyMap<string, readonly ClauseId[]> {
  const out = new Map<string, ClauseId[]>();
  for (const id of clauseIds)
    for (const fp of clauses[id].spec as readonly string[]) out.set(fp, [...(out.get(fp) ?? []), id]);
  return out;
}

/**
 * The matrix, derived: every unit of the index with its reason, or the clauses that trace it and
 * its gap. A unit with a reason is listed as such even if a clause traces it (the test says so).
 */
export const traceability: readonly TraceEntry[] = (() => {
  const traced = tracingClauses();
  return specIndex.map((u): TraceEntry => {
    const base = { section: u.section, fingerprint: u.fingerprint, sketch: u.sketch, label: u.label };
    const reason = reasons[u.fingerprint];
    if (reason) return { ...base, reason };
    const gap = gaps[u.fingerprint];
    return { ...base, covers: traced.get(u.fingerprint) ?? [], ...(gap !== undefined ? { gap } : {}) };
  });
})();
