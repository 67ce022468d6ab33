import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import type { Selection } from '../core/events.js';
import { PROJECT_ROOT } from '../core/paths.js';
import { DEFAULT_BUDGET, lowerBoundMs } from '../core/plan.js';
import type { Budget, Plan } from '../core/run-info.js';

/**
 * What a run selects and what that costs. The run decides the selection itself (the check files,
 * a -t pattern, a shard of balanced weight, read-only mode, an area left out) and hands vitest
 * exactly those files, so the plan printed before the run and the checks that run agree.
 *
 * The cost comes from the learned request budgets (`npm run budgets` writes suites/budgets.json:
 * what each check and shared fixture sends against the embedded mock under live settings).
 * Admission plans from them, the console prints the estimate, the certificate compares it with
 * what happened.
 */

export interface BudgetEntry extends Budget {
  /** Check key (clause and variant) or 'shared:<key>'. */
  key: string;
  /** The check's test name, as `-t` matches it; absent for shared fixtures. */
  name?: string;
  /** Suite file of a check, relative to the project root. */
  file?: string;
  /** Shared fixtures a check used (by key), so a filtered run counts only the fixtures it needs. */
  uses?: string[];
  /** The check's needs (`write`…), so a read-only plan leaves out what read-only mode skips. */
  needs?: string[];
  /** Appointment requests the key's accepted creates leave on the target: §3 gives them no archive. */
  unarchivable?: number;
  /** What the key sent in read-only mode (its writes refused there), and the fixtures it used there. */
  readonly?: { get: number; uses?: string[] };
}

export interface BudgetFile {
  /** How the budgets were learned: seeds, NUM_RUNS, frugal. */
  learnedWith: Record<string, unknown>;
  entries: BudgetEntry[];
}

const root = PROJECT_ROOT;
export const BUDGETS_FILE = join(root, 'suites', 'budgets.json');
export const SUITES_DIR = join(root, 'suites');

/**
 * suites/budgets.json as written: one line per key, sorted, so a new check adds its own line and a
 * relearned one changes its own line only.
 */
export function formatBudgets(file: BudgetFile): string {
  const entries = [...file.entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return [
    '{',
    `  "learnedWith": ${JSON.stringify(file.learnedWith)},`,
    '  "entries": [',
    entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}

export function readBudgets(file = BUDGETS_FILE): BudgetFile {
  if (!existsSync(file)) return { learnedWith: {}, entries: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as BudgetFile;
}

/** Every check file of the suites, relative to the project root, sorted. */
export function checkFiles(dir = SUITES_DIR): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.check.ts')) out.push(relative(root, join(d, e.name)).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** A -t pattern, compiled; a bad one is the caller's usage error. */
export const compilePattern = (pattern: string | undefined) => (pattern ? new RegExp(pattern) : undefined);

/** Whether a check (by key) belongs to a left-out area: the clause's area, or a generic check's variant named after it. */
export function inSkippedArea(key: string, selection: Pick<Selection, 'skippedAreas'>): boolean {
  const m = /^([A-Z0-9-]+)(?: \[(.*)\])?$/.exec(key);
  if (!m) return false;
  const area = m[1]! in clauses ? clauses[m[1] as ClauseId].area : undefined;
  return (selection.skippedAreas ?? []).some((a) => a.area === area || a.area === m[2]?.split(',')[0]);
}

/** The limits a shard's cost is reckoned at: the documented live ones, so every shard of a run deals alike whatever its own settings. */
export const SHARD_REFERENCE_LIMITS = { getPerMin: 150, writePerMin: 50 } as const;

/**
 * What a check costs the dealing beside its requests: one GET's slot at the reference limits. A check
 * whose requests are all in shared fixtures still starts, waits and reports; without it such checks
 * (most of the catalogue) cost nothing and all went to one shard (147 checks against 33 at n=2).
 */
export const SHARD_CHECK_MS = 60_000 / SHARD_REFERENCE_LIMITS.getPerMin;

/** One file as the dealing sees it: its checks' own requests, their count, and the shared fixtures they pull in. */
interface FileCost {
  file: string;
  own: Budget;
  checks: number;
  fixtures: Set<string>;
}

/**
 * Each file's cost under a selection, by the rules the plan counts with (makePlan): the checks whose
 * names match -t, outside a left-out area, and in read-only mode only those that need no write, with
 * what they sent there. A file the budgets do not know costs one check of the default budget.
 */
function fileCosts(
  files: readonly string[],
  budgets: BudgetFile,
  selection: Partial<Pick<Selection, 'pattern' | 'mode' | 'skippedAreas'>>,
): FileCost[] {
  const pattern = compilePattern(selection.pattern);
  const readonly = selection.mode === 'readonly';
  const byFile = new Map<string, BudgetEntry[]>();
  for (const e of budgets.entries)
    if (e.file && e.name !== undefined) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  return files.map((file) => {
    const known = byFile.get(file);
    if (!known) return { file, own: { ...DEFAULT_BUDGET }, checks: 1, fixtures: new Set<string>() };
    const checks = known.filter(
      (e) =>
        (!pattern || pattern.test(e.name!)) &&
        !inSkippedArea(e.key, { skippedAreas: selection.skippedAreas }) &&
        !(readonly && e.needs?.includes('write')),
    );
    const own = checks
      .map((e) => entryCost(e, readonly))
      .reduce((t, c) => ({ get: t.get + c.get, write: t.write + c.write }), { get: 0, write: 0 });
    const uses = checks.flatMap((e) => (readonly && e.readonly ? e.readonly.uses : e.uses) ?? []);
    return { file, own, checks: checks.length, fixtures: pulledIn(budgets, uses, selection.mode) };
  });
}

/** What a key sends: in read-only mode what it sent there (a fixture that writes stops at its first write). */
const entryCost = (e: BudgetEntry, readonly: boolean): Budget =>
  readonly ? { get: e.readonly?.get ?? (e.write > 0 ? 0 : e.get), write: 0 } : { get: e.get, write: e.write };

/**
 * The check files dealt to `count` shards, balanced on budgeted time. Shards share nothing: each
 * builds every shared fixture its own checks pull in, so a shard costs its checks' own requests plus
 * those fixtures once, reckoned as time at the reference limits (the bound `lowerBoundMs` gives), plus
 * a GET's slot per check. Files go heaviest first (alone, with their fixtures), each to the shard where
 * its time once added, plus what adding it costs, is least: the lightest shard, unless the fixtures
 * the file needs are already paid for in another. Pure and deterministic, so every shard process
 * computes the same deal.
 */
export function dealShards(
  files: readonly string[],
  count: number,
  budgets: BudgetFile,
  selection: Partial<Pick<Selection, 'pattern' | 'mode' | 'skippedAreas'>> = {},
): string[][] {
  const readonly = selection.mode === 'readonly';
  const fixtureCost = new Map(
    budgets.entries.filter((e) => e.name === undefined).map((e) => [e.key, entryCost(e, readonly)] as const),
  );
  const costMs = (own: Budget, fixtures: Iterable<string>, checks: number) => {
    const total = { ...own };
    for (const k of fixtures) {
      const c = fixtureCost.get(k);
      if (!c) continue;
      total.get += c.get;
      total.write += c.write;
    }
    return lowerBoundMs(total, SHARD_REFERENCE_LIMITS) + checks * SHARD_CHECK_MS;
  };
  const costs = fileCosts(files, budgets, selection).map((f) => ({ ...f, alone: costMs(f.own, f.fixtures, f.checks) }));
  costs.sort((a, b) => b.alone - a.alone || b.checks - a.checks || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const shards = Array.from({ length: count }, () => ({
    own: { get: 0, write: 0 } as Budget,
    fixtures: new Set<string>(),
    checks: 0,
    files: [] as string[],
  }));
  for (const f of costs) {
    let best = 0;
    let bestScore = Infinity;
    shards.forEach((s, i) => {
      const before = costMs(s.own, s.fixtures, s.checks);
      const after = costMs(
        { get: s.own.get + f.own.get, write: s.own.write + f.own.write },
        new Set([...s.fixtures, ...f.fixtures]),
        s.checks + f.checks,
      );
      // The shard's time once it holds the file, plus what the file adds: a fixture paid twice is
      // time the whole run spends again under the target's one limit.
      const score = after + (after - before);
      if (score >= bestScore) return;
      best = i;
      bestScore = score;
    });
    const s = shards[best]!;
    s.own = { get: s.own.get + f.own.get, write: s.own.write + f.own.write };
    for (const k of f.fixtures) s.fixtures.add(k);
    s.checks += f.checks;
    s.files.push(f.file);
  }
  return shards.map((s) => s.files.sort());
}

/** The files of shard `index` of `count` (1-based), as dealt by `dealShards`. */
export function shardFiles(
  files: readonly string[],
  shard: { index: number; count: number },
  budgets: BudgetFile,
  selection: Partial<Pick<Selection, 'pattern' | 'mode' | 'skippedAreas'>> = {},
): string[] {
  return dealShards(files, shard.count, budgets, selection)[shard.index - 1]!;
}

/**
 * Each file's weight for the order the files start in: its learned requests, a write counting as
 * many GETs as the limits make it dearer (three at 150/50; one without limits).
 */
export function fileWeights(
  budgets: BudgetFile,
  limits: { getPerMin: number; writePerMin: number },
): Map<string, number> {
  const writeCost = limits.getPerMin > 0 && limits.writePerMin > 0 ? limits.getPerMin / limits.writePerMin : 1;
  const weights = new Map<string, number>();
  for (const e of budgets.entries)
    if (e.file) weights.set(e.file, (weights.get(e.file) ?? 0) + e.get + e.write * writeCost);
  return weights;
}

/**
 * The files a selection runs: suite paths (a path matches a file it is part of), then the files
 * holding a check that -t matches, then the shard.
 */
export function selectFiles(selection: Selection, budgets: BudgetFile, all = checkFiles()): string[] {
  const paths = (selection.paths ?? []).map((p) => relative(root, resolve(p)).split('\\').join('/'));
  const byPath = paths.length
    ? all.filter((f) => paths.some((p) => f === p || f.startsWith(`${p.replace(/\/+$/, '')}/`) || f.includes(p)))
    : all;
  const byName = holdingMatches(byPath, selection.pattern, budgets);
  return selection.shard ? shardFiles(byName, selection.shard, budgets, selection) : byName;
}

/**
 * With -t, the files that hold a check whose name matches (check files have no describe blocks, so
 * a check's name is all that -t sees). Given every file, vitest would import each one in every
 * worker only to skip what does not match: most of a small selection's CPU. A file the budgets do
 * not know stays in, so a check without a budget yet is never dropped.
 */
function holdingMatches(files: string[], pattern: string | undefined, budgets: BudgetFile): string[] {
  const matches = compilePattern(pattern);
  if (!matches) return files;
  const named = budgets.entries.filter((e) => e.name !== undefined && e.file !== undefined);
  const known = new Set(named.map((e) => e.file));
  const holding = new Set(named.filter((e) => matches.test(e.name!)).map((e) => e.file));
  return files.filter((f) => !known.has(f) || holding.has(f));
}

/** The shared fixtures a set of keys pulls in, through the fixtures that fixtures use, in the given mode. */
export function pulledIn(budgets: BudgetFile, uses: Iterable<string>, mode: Selection['mode'] = 'full'): Set<string> {
  const byKey = new Map(budgets.entries.map((e) => [e.key, e]));
  const usesOf = (e: BudgetEntry | undefined) => (mode === 'readonly' && e?.readonly ? e.readonly.uses : e?.uses) ?? [];
  const out = new Set<string>();
  const queue = [...uses];
  while (queue.length) {
    const k = queue.pop()!;
    if (out.has(k)) continue;
    out.add(k);
    queue.push(...usesOf(byKey.get(k)));
  }
  return out;
}

/**
 * The plan of a selection: the checks of its files whose names match the pattern (outside any
 * left-out area; in read-only mode, not those that need a write), every shared fixture they pull
 * in (a fixture's own fixtures too, writes included), the requests they are expected to send under
 * the limits (read-only: what each sent in read-only mode), and the appointment requests the
 * selection would leave, which have no archive (§3). With `unarchivable: 'refused'` (a live target
 * without --allow-unarchivable) the keys that create them are left out: their creates are refused.
 */
export function makePlan(
  budgets: BudgetFile,
  selection: Selection,
  files: readonly string[],
  limits: { getPerMin: number; writePerMin: number },
  unarchivable: 'allowed' | 'refused' = 'allowed',
): Plan {
  const all: Record<string, Budget> = {};
  for (const e of budgets.entries) all[e.key] = { get: e.get, write: e.write };
  const pattern = compilePattern(selection.pattern);
  const inFiles = new Set(files);
  const readonly = selection.mode === 'readonly';
  const registered = budgets.entries.filter(
    (e) =>
      e.name !== undefined &&
      e.file !== undefined &&
      inFiles.has(e.file) &&
      (!pattern || pattern.test(e.name)) &&
      !inSkippedArea(e.key, selection),
  );
  const creates = (e: BudgetEntry) => unarchivable === 'refused' && !readonly && (e.unarchivable ?? 0) > 0;
  const refusedFixtures = new Set(budgets.entries.filter((e) => e.name === undefined && creates(e)).map((e) => e.key));
  // A check is left out when it creates them itself, or needs a write a refused fixture of its makes.
  const refused = (e: BudgetEntry) =>
    creates(e) ||
    (e.name !== undefined &&
      refusedFixtures.size > 0 &&
      !!e.needs?.includes('write') &&
      [...pulledIn(budgets, e.uses ?? [])].some((k) => refusedFixtures.has(k)));
  const checks = registered.filter((e) => !(readonly && e.needs?.includes('write')) && !refused(e));
  const used = pulledIn(
    budgets,
    checks.flatMap((c) => (readonly && c.readonly ? c.readonly.uses : c.uses) ?? []),
    selection.mode,
  );
  const shared = budgets.entries.filter((e) => e.name === undefined && used.has(e.key) && !refused(e));
  // Read-only: what the key sent there when learned; else a fixture that writes stops at its first write.
  const cost = (e: BudgetEntry): Budget =>
    readonly ? { get: e.readonly?.get ?? (e.write > 0 ? 0 : e.get), write: 0 } : { get: e.get, write: e.write };
  const total = [...checks, ...shared]
    .map(cost)
    .reduce((t, e) => ({ get: t.get + e.get, write: t.write + e.write }), { get: 0, write: 0 });
  const leaves = readonly
    ? 0
    : [...registered, ...budgets.entries.filter((e) => e.name === undefined && used.has(e.key))].reduce(
        (n, e) => n + (e.unarchivable ?? 0),
        0,
      );
  return {
    budgets: all,
    // Every check the selection registers, the skipped ones too: the live and final tables count them all.
    keys: registered.map((c) => c.key),
    estimate: {
      checks: checks.length,
      sharedTasks: shared.length,
      ...total,
      lowerBoundMs: lowerBoundMs(total, limits),
      registered: registered.length,
      ...(leaves ? { unarchivable: { records: leaves, refused: unarchivable === 'refused' } } : {}),
    },
  };
}
