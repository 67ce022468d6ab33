import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clause } from '../../contract/clause.js';
import type { ClauseId } from '../../contract/clauses.js';
import type { CheckOutcome, EventOf, JournalEvent, LedgerReport, WaitRecord } from '../core/events.js';
import { lowerBoundMs } from '../core/plan.js';
import { checkVerdicts, verdictWords, type ClauseVerdict, type RunVerdict } from '../core/outcome.js';
import { diffBaseline, type Baseline } from './baseline.js';
import { mergedRuns } from './merge.js';
import { PROJECT_ROOT } from '../core/paths.js';
import { clauseVerdict, emptySummary, inconclusiveCause, isStrictTestable, strictSummary } from './rules.js';
import type {
  Certification,
  CheckReport,
  ClauseReport,
  EvidenceCut,
  Interruption,
  LedgerSummary,
  Scope,
  ScopeGap,
  Traffic,
  Visibility,
} from './types.js';
import type { PartialJudgement } from '../core/outcome.js';

export type { Certification, ClauseReport, ClauseVerdict, RunVerdict } from './types.js';
export { clauseVerdicts } from './types.js';

const root = PROJECT_ROOT;

export function harnessVersion(dir = root): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** What the certificate says of the harness that judged: its version, its git commit (null when not a checkout), local edits. */
export interface HarnessIdentity {
  name: string;
  version: string;
  /** The checkout's HEAD, read when the run starts; null from an install without .git (a tarball). */
  commit?: string | null;
  /** The checkout had uncommitted changes to tracked files: the commit alone does not name the code that ran. */
  modified?: boolean;
}

/**
 * The harness's version and commit, read at run time: git in a checkout; in an installed tarball,
 * the build-info.json `npm pack` wrote (bin/stamp-build.js); null when neither says.
 */
export function harnessIdentity(dir = root): HarnessIdentity {
  const version = harnessVersion(dir);
  if (!existsSync(join(dir, '.git'))) return { ...version, ...stamped(dir) };
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    });
  try {
    const commit = git('rev-parse', 'HEAD').trim();
    const modified = git('status', '--porcelain', '--untracked-files=no').trim() !== '';
    return { ...version, commit, ...(modified ? { modified } : {}) };
  } catch {
    return { ...version, commit: null };
  }
}

/** The commit build-info.json names (written when the tarball was packed), or null. */
function stamped(dir: string): Pick<HarnessIdentity, 'commit' | 'modified'> {
  try {
    const info = JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')) as Record<string, unknown>;
    if (typeof info.commit !== 'string' || !/^[0-9a-f]{40}$/.test(info.commit)) return { commit: null };
    return { commit: info.commit, ...(info.modified === true ? { modified: true } : {}) };
  } catch {
    return { commit: null };
  }
}

/** `partner-api-v2-conformance 0.1.0, commit 1a2b3c4d5e6f (with local changes)`; `commit unknown` outside a checkout with no build-info.json. */
export function harnessText(h: HarnessIdentity): string {
  const commit =
    h.commit === undefined
      ? ''
      : h.commit === null
        ? ', commit unknown (no .git and no build-info.json)'
        : `, commit ${h.commit.slice(0, 12)}${h.modified ? ' (with local changes)' : ''}`;
  return `${h.name} ${h.version}${commit}`;
}

export interface CertifyOptions {
  baseline?: { file: string; data: Baseline };
  /** Names a run in messages (merge-reports gives the shard's directory). */
  labelOf?: (runId: string) => string;
}

const of = <T extends JournalEvent['type']>(events: readonly JournalEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

const clock = (iso: string) => new Date(iso).toISOString().slice(11, 19);

/**
 * The certification, once, from the journal (one run's, or several shards' concatenated) and the
 * catalogue. Pure: the same events give the same certificate, and nothing changes it afterwards.
 * Only the main target is certified (the fault self-check's other targets are judged apart).
 */
export function certify(
  events: readonly JournalEvent[],
  catalogue: Readonly<Record<ClauseId, Clause>>,
  o: CertifyOptions = {},
): Certification {
  const runs = mergedRuns(events, o.labelOf);
  const facts = runs.facts;
  const main = (t: string) => t === 'main';
  const outcomes = of(events, 'check')
    .map((e) => e.outcome)
    .filter((c) => main(c.target));
  const registered = of(events, 'check-registered').filter((e) => main(e.target));
  const interruptions = of(events, 'interrupted');
  const runErrors = [...of(events, 'run-error').map((e) => e.message), ...runs.missing];

  const ids = Object.keys(catalogue) as ClauseId[];
  const summary = emptySummary();
  const observations: Certification['observations'] = [];
  const clauses = ids.map((id): ClauseReport => {
    const clause = catalogue[id];
    const checks = outcomes.filter((c) => c.clause === id);
    const { verdict, reason, cause } = clauseVerdict(
      clause,
      checks,
      notRunReason(id, registered, facts.selection, interruptions[0]?.signal),
    );
    summary[verdict] += 1;
    const partial = verdict === 'passed' ? partialOf(checks) : [];
    for (const c of checks)
      for (const ob of c.observations) observations.push({ clause: id, check: c.name, name: ob.name, value: ob.value });
    return {
      id,
      ...clause,
      verdict,
      ...(reason ? { reason } : {}),
      ...(cause ? { cause } : {}),
      ...(partial.length ? { partial } : {}),
      checks: checks.map(({ clause: _c, target: _t, ...rest }): CheckReport => rest),
    };
  });
  const strict = strictSummary(clauses);
  const scope = scopeOf(clauses, facts.selection, runs.whole, runs.mergedFrom !== undefined, facts.config);
  const interrupted = interruptionOf(
    interruptions,
    outcomes.length,
    of(events, 'cleanup').map((e) => e.ledger),
  );
  const verdict = runVerdict(strict, runErrors, scope, interrupted);
  const traffic = trafficOf(events);
  const ledgers = of(events, 'cleanup').map((e) => e.ledger);
  const ended =
    of(events, 'run-ended')
      .map((e) => e.at)
      .sort()
      .at(-1) ??
    outcomes
      .map((c) => c.startedAt)
      .sort()
      .at(-1) ??
    facts.startedAt;
  const startedAt = of(events, 'run-started')
    .map((e) => e.run.startedAt)
    .sort()[0]!;

  const cert: Certification = {
    schemaVersion: 3,
    harness: facts.harness,
    spec: facts.spec,
    target: facts.target,
    run: {
      runId: runs.runId,
      ...(runs.shard ? { shard: runs.shard } : {}),
      ...(runs.mergedFrom ? { mergedFrom: runs.mergedFrom } : {}),
    },
    ...(facts.config ? { config: facts.config } : {}),
    startedAt,
    finishedAt: ended,
    seed: facts.seed,
    mode: facts.mode,
    numRuns: facts.numRuns,
    verdict,
    headline: `${verdictWords[verdict]}${scope.note ? ` (${scope.note})` : ''}`,
    scope,
    ...(interrupted ? { interrupted } : {}),
    ...(facts.warnings.length ? { warnings: facts.warnings } : {}),
    summary,
    strictSummary: strict,
    checkSummary: Object.fromEntries(
      checkVerdicts.map((v) => [v, outcomes.filter((c) => c.verdict === v).length]),
    ) as Certification['checkSummary'],
    traffic,
    visibility: visibilityOf([
      ...outcomes.flatMap((c) => c.waits),
      ...of(events, 'shared')
        .filter((e) => main(e.target))
        .flatMap((e) => e.waits),
    ]),
    ...(ledgers.length ? { ledger: sumLedgers(ledgers) } : {}),
    ...(facts.coverage ? { coverage: facts.coverage } : {}),
    budget: budgetOf(events, startedAt, ended, traffic),
    clauses,
    observations,
    runErrors,
  };
  const cut = evidenceCutOf(events, outcomes);
  if (cut.length) cert.evidenceCut = cut;
  cert.verdictCause = verdictCause(cert, outcomes);
  if (o.baseline) cert.baseline = diffBaseline(o.baseline.data, cert, o.baseline.file);
  return cert;
}

/** Why a clause has no check that ran: filtered out, in another shard, its area left out, or interrupted. */
function notRunReason(
  id: ClauseId,
  registered: EventOf<'check-registered'>[],
  selection: Scope['selection'],
  signal?: string,
): string {
  if (signal) return `no check of this clause ended before the run was interrupted (${signal})`;
  const mine = registered.filter((r) => r.key === id || r.key.startsWith(`${id} [`));
  const area = selection.skippedAreas?.[0];
  if (mine.length && mine.every((r) => !r.selected)) {
    if (area && !selection.pattern) return `left out: ${area.why}`;
    return `filtered out (${[selection.pattern ? `-t ${JSON.stringify(selection.pattern)}` : '', area ? `area ${area.area} left out` : ''].filter(Boolean).join(', ') || 'not selected'})`;
  }
  if (selection.shard) return `not in shard ${selection.shard.index}/${selection.shard.count}`;
  if (selection.paths?.length) return `its checks are outside the paths ${selection.paths.join(' ')}`;
  return 'no check of this clause ran';
}

/** Causes of a skip that the scope already says otherwise (the mode, the selection, the signal). */
const SAID_ELSEWHERE: ReadonlySet<string> = new Set(['read-only', 'left-out', 'interrupted']);

/**
 * What a passed clause did not judge: its checks' own partial marks, and its checks skipped for a
 * missing setting while others passed (a variant without the setting it needs).
 */
function partialOf(checks: readonly CheckOutcome[]): PartialJudgement[] {
  const out: PartialJudgement[] = checks.flatMap((c) => (c.verdict === 'passed' ? (c.partial ?? []) : []));
  // Only a missing setting: a variant skipped by design (one that judges existing data when the run writes) is no gap.
  const skipped = checks.filter((c) => c.verdict === 'skipped' && c.cause?.kind === 'missing-setting');
  const passed = checks.filter((c) => c.verdict === 'passed').length;
  for (const c of skipped)
    out.push({
      judged: `${passed} of ${checks.length} checks`,
      left: `${c.key} skipped: ${c.reason ?? c.cause?.message ?? 'no reason given'}`,
      ...(c.cause?.kind === 'missing-setting' ? { setting: c.cause.setting } : {}),
    });
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(`${p.judged}\u0000${p.left}`) && !!seen.add(`${p.judged}\u0000${p.left}`));
}

/** Strict clauses of the selection skipped for what this run lacked, and those judged in part. */
function gapsOf(clauses: readonly ClauseReport[]): Pick<Scope, 'notExercised' | 'partial'> {
  const strict = clauses.filter(isStrictTestable);
  return {
    notExercised: strict.flatMap((c): ScopeGap[] =>
      c.verdict === 'skipped' && !SAID_ELSEWHERE.has(c.cause?.kind ?? '')
        ? [
            {
              clause: c.id,
              why: c.reason ?? c.cause?.message ?? 'skipped',
              ...(c.cause?.kind === 'missing-setting' ? { setting: c.cause.setting } : {}),
            },
          ]
        : [],
    ),
    partial: strict.flatMap((c) =>
      (c.partial ?? []).map((p): ScopeGap => ({
        clause: c.id,
        why: `${p.judged}; ${p.left}`,
        ...(p.setting ? { setting: p.setting } : {}),
      })),
    ),
  };
}

/**
 * How to judge a gap, for the headline: set the setting, or (given but unusable) what was wrong
 * with it; without a setting, the reason when the clause was not exercised, its row when in part.
 */
function gapHint(g: ScopeGap, config: Certification['config'], inPart: boolean): string {
  if (g.setting) {
    const given = config?.[g.setting];
    const unusable = given !== undefined && given !== null && given !== 'not set';
    return unusable ? `${g.why.split(': ')[0]}: set another ${g.setting}` : `set ${g.setting}`;
  }
  if (inPart) return 'see their rows';
  return g.why.length > 90 ? `${g.why.slice(0, 89)}…` : g.why;
}

/** `1 strict clause not exercised: set ACCESS_TOKEN_EXPIRED for AUTH-EXPIRED-TOKEN-REJECTED`. */
function gapsNote(gaps: readonly ScopeGap[], config: Certification['config'], what: string, inPart: boolean): string {
  const byHint = new Map<string, string[]>();
  for (const g of gaps) {
    const h = gapHint(g, config, inPart);
    const ids = byHint.get(h) ?? [];
    if (!ids.includes(g.clause)) ids.push(g.clause);
    byHint.set(h, ids);
  }
  const n = new Set(gaps.map((g) => g.clause)).size;
  const groups = [...byHint].map(
    ([h, ids]) => `${h} for ${ids.length <= 3 ? ids.join(', ') : `${ids.length} clauses`}`,
  );
  return `${n} strict clause${n === 1 ? '' : 's'} ${what}: ${groups.join('; ')}`;
}

function scopeOf(
  clauses: readonly ClauseReport[],
  selection: Scope['selection'],
  whole: boolean,
  merged: boolean,
  config?: Certification['config'],
): Scope {
  const total = clauses.length;
  const selected = clauses.filter((c) => c.verdict !== 'not-run').length;
  const notExercised = clauses.filter(
    (c) => isStrictTestable(c) && (c.verdict === 'not-run' || c.verdict === 'skipped'),
  ).length;
  const notJudged = clauses.flatMap((c) =>
    isStrictTestable(c) && c.verdict === 'not-judged' && c.cause?.kind === 'guess-refused'
      ? [{ clause: c.id, profileKey: c.cause.profileKey }]
      : [],
  );
  const narrowed = [
    selection.pattern ? `-t '${selection.pattern}'` : '',
    selection.paths?.length ? `paths ${selection.paths.join(' ')}` : '',
    selection.shard && !merged ? `shard ${selection.shard.index}/${selection.shard.count}` : '',
    !whole ? 'shards missing' : '',
    ...(selection.skippedAreas ?? []).map((a) => `without ${a.area}`),
  ].filter(Boolean);
  // Clauses not judged for want of a profile key are outside what the certificate covers.
  const complete = narrowed.length === 0 && selection.mode === 'full' && notJudged.length === 0;
  const unjudged = notJudged.length ? notJudgedNote(notJudged) : '';
  // CONFORMANT alone means every strict clause judged in full: what was not, and how to get it, follows the verdict.
  const gaps = gapsOf(clauses);
  const gapNotes = [
    gaps.notExercised.length ? gapsNote(gaps.notExercised, config, 'not exercised', false) : '',
    gaps.partial.length ? gapsNote(gaps.partial, config, 'judged in part', true) : '',
  ];
  let note: string | undefined;
  if (narrowed.length)
    note = `partial: ${selected} of ${total} clauses; ${[...narrowed, unjudged, ...gapNotes].filter(Boolean).join('; ')}`;
  else if (selection.mode === 'readonly')
    note = [`read-only: ${notExercised} strict clauses not exercised`, unjudged, ...gapNotes]
      .filter(Boolean)
      .join('; ');
  else if (unjudged) note = [`partial: ${unjudged}`, ...gapNotes].filter(Boolean).join('; ');
  else if (gapNotes.some(Boolean)) note = gapNotes.filter(Boolean).join('; ');
  return {
    complete,
    narrowed: narrowed.length > 0,
    selection,
    clauses: { total, selected },
    strictNotExercised: notExercised,
    notJudged,
    ...gaps,
    ...(note ? { note } : {}),
  };
}

/**
 * CONFORMANT only on evidence, and only for the whole catalogue: at least one strict clause passed
 * and none failed or inconclusive. A narrowed selection with nothing failed is PASSED, never
 * conformant; read-only runs stay conformant with what they did not exercise in the headline.
 */
function runVerdict(
  strict: Record<ClauseVerdict, number>,
  runErrors: readonly string[],
  scope: Scope,
  interrupted?: Interruption,
): RunVerdict {
  if (interrupted) return 'interrupted';
  if (strict.failed > 0) return 'non-conformant';
  // A run error (a suite that did not load, a missing shard) is the harness's, never the target's fault.
  if (strict.inconclusive > 0 || strict.passed === 0 || runErrors.length > 0) return 'inconclusive';
  return scope.narrowed || scope.notJudged.length > 0 ? 'passed' : 'conformant';
}

/** `4 clauses not judged: set customers.createBody, vehicles.createBody in CONFORMANCE_PROFILE`. */
function notJudgedNote(notJudged: Scope['notJudged']): string {
  const keys = [...new Set(notJudged.map((n) => n.profileKey))].sort();
  return `${notJudged.length} clause${notJudged.length === 1 ? '' : 's'} not judged: set ${keys.join(', ')} in CONFORMANCE_PROFILE`;
}

function interruptionOf(
  events: EventOf<'interrupted'>[],
  finished: number,
  ledgers: LedgerReport[],
): Interruption | undefined {
  const first = events[0];
  if (!first) return undefined;
  return {
    signal: first.signal,
    at: first.at,
    checksFinished: finished,
    ...(ledgers.length ? { records: sumLedgers(ledgers) } : {}),
  };
}

/** Resources the spec gives no archive for (§3): their records stay, whatever the cleanup does. */
const WITHOUT_ARCHIVE: ReadonlySet<string> = new Set(['appointmentRequest']);

function sumLedgers(ledgers: LedgerReport[]): LedgerSummary {
  const out: LedgerSummary = { created: 0, archivedByChecks: 0, archivedByCleanup: 0, leftovers: 0, withoutArchive: 0 };
  for (const l of ledgers) {
    out.withoutArchive += l.leftovers.filter((r) => WITHOUT_ARCHIVE.has(r.resource)).length;
    out.created += l.summary.created;
    out.archivedByChecks += l.summary.archivedByChecks;
    out.archivedByCleanup += l.summary.archivedByCleanup;
    out.leftovers += l.summary.leftovers;
    if (l.summary.ignoredForeign) out.ignoredForeign = (out.ignoredForeign ?? 0) + l.summary.ignoredForeign;
  }
  return out;
}

/**
 * The failures whose exchange has a body cut in exchanges.har (over HAR_BODY_LIMIT): the bundle does
 * not hold the whole evidence of these, and a reviewer must be told so.
 */
function evidenceCutOf(events: readonly JournalEvent[], outcomes: readonly CheckOutcome[]): EvidenceCut[] {
  const cut = new Map(
    of(events, 'exchange')
      .filter((e) => e.exchange.truncated)
      .map((e) => [e.exchange.id, e.exchange.truncated!] as const),
  );
  if (!cut.size) return [];
  return outcomes.flatMap((c) =>
    [...new Set((c.failures ?? []).map((f) => f.exchange).filter((x) => x !== undefined))].flatMap((id) => {
      const t = cut.get(id);
      if (!t) return [];
      return [
        {
          clause: c.clause,
          check: c.key,
          exchange: id,
          ...(t.request ? { requestBytesCut: t.request } : {}),
          ...(t.response ? { responseBytesCut: t.response } : {}),
        },
      ];
    }),
  );
}

function trafficOf(events: readonly JournalEvent[]): Traffic {
  const exchanges = of(events, 'exchange')
    .map((e) => e.exchange)
    .filter((x) => x.target === 'main');
  const owner = (x: (typeof exchanges)[number]) =>
    x.owner.startsWith('shared:') ? 'shared' : x.owner === 'preflight' || x.owner === 'cleanup' ? x.owner : 'checks';
  const count = (k: string) => exchanges.filter((x) => owner(x) === k).length;
  return {
    exchanges: {
      total: exchanges.length,
      checks: count('checks'),
      shared: count('shared'),
      preflight: count('preflight'),
      cleanup: count('cleanup'),
    },
    answered429: of(events, 'traffic').reduce((n, e) => n + e.report.rateLimitedAnswers, 0),
    retries: exchanges.reduce((n, x) => n + (x.retries ?? 0), 0),
    pacing: of(events, 'traffic').map((e) => e.report),
  };
}

function visibilityOf(waits: readonly WaitRecord[]): Visibility {
  const shown = waits.filter((w) => w.shown);
  return {
    waits: waits.length,
    shown: shown.length,
    slowestMs: Math.max(0, ...shown.map((w) => w.afterMs)),
    notShown: waits.length - shown.length,
  };
}

function budgetOf(
  events: readonly JournalEvent[],
  startedAt: string,
  ended: string,
  traffic: Traffic,
): Certification['budget'] {
  const runs = of(events, 'run-started').map((e) => e.run);
  const limits = { getPerMin: runs[0]!.limits.getPerMin, writePerMin: runs[0]!.limits.writePerMin };
  const sum = (pick: (p: (typeof runs)[number]['planned']['plan']) => number) =>
    runs.reduce((n, r) => n + pick(r.planned.plan), 0);
  const planned = {
    checks: sum((p) => p.checks),
    sharedTasks: sum((p) => p.sharedTasks),
    get: sum((p) => p.get),
    write: sum((p) => p.write),
    lowerBoundMs: 0,
  };
  planned.lowerBoundMs = lowerBoundMs(planned, limits);
  const byClass = traffic.pacing.reduce(
    (t, p) => ({ get: t.get + p.requestsByClass.get, write: t.write + p.requestsByClass.write }),
    { get: 0, write: 0 },
  );
  if (traffic.pacing.length === 0) return { limits, planned };
  return {
    limits,
    planned,
    actual: {
      ...byClass,
      lowerBoundMs: lowerBoundMs(byClass, limits),
      wallMs: Date.parse(ended) - Date.parse(startedAt),
      answered429: traffic.answered429,
    },
  };
}

/** Why the run ended as it did, when the verdict alone cannot say it. */
function verdictCause(cert: Certification, outcomes: readonly CheckOutcome[]): string | undefined {
  const i = cert.interrupted;
  if (i) {
    const recs = i.records
      ? `; ${i.records.created} records created, ${i.records.archivedByChecks + i.records.archivedByCleanup} archived, ${i.records.leftovers} left (ledger.json)`
      : '';
    return `interrupted by ${i.signal} at ${clock(i.at)} UTC after ${i.checksFinished} finished check(s); the others did not run${recs}`;
  }
  if (cert.verdict !== 'inconclusive') return undefined;
  const cause = inconclusiveCause(cert.clauses, cert.strictSummary);
  const down = cert.traffic.pacing
    .map((p) => p.targetDownAt)
    .filter((t): t is string => !!t)
    .sort()[0];
  if (down) {
    const unanswered = outcomes.filter((c) => c.verdict === 'inconclusive' && c.cause?.kind === 'no-answer').length;
    return `the target stopped answering at ${clock(down)} UTC; ${unanswered} check(s) without an answer${cause ? ` (${cause})` : ''}`;
  }
  return cause;
}
