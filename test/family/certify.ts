import { join } from 'node:path';
import { clauseOf, clauseIds } from '../../contract/clauses.js';
import { clauseVerdict, isStrictTestable } from '../../harness/certify/rules.js';
import type { CheckOutcome } from '../../harness/core/events.js';
import { errorLine } from '../../harness/core/outcome.js';
import { runSuites } from '../../harness/run/run-suites.js';
import { dimensions, draw, drawLine, expectedNotJudged, type Draw, type MemberKey } from './dimensions.js';
import { familyFront, memberId } from './server.js';

/**
 * Certifies family members: each one more target of a suite run beside the conforming mock, its
 * checks judged by the certificate's own clause rules (harness/certify/rules.ts). A member is
 * CONFORMANT with no failed and no inconclusive strict clause and no run error.
 */

export interface ClauseTrouble {
  clause: string;
  /** The first failure (or the inconclusive reason), one line. */
  first: string;
}

export interface MemberVerdict {
  seed: MemberKey;
  draw: Draw;
  conformant: boolean;
  passed: number;
  failed: ClauseTrouble[];
  inconclusive: ClauseTrouble[];
  /** Clauses left not judged as the member's choices require (a guess they make unverifiable). */
  notJudged?: ClauseTrouble[];
  /** Strict clauses skipped: the member's data or settings gave them nothing to judge (the headline names them). */
  notExercised?: ClauseTrouble[];
}

export interface FamilyReport {
  members: MemberVerdict[];
  runErrors: string[];
  /** Every dimension's values, with the members that drew each. */
  coverage: { dimension: string; silences: string[]; values: { name: string; members: number }[] }[];
  seconds: number;
}

const oneLine = (s: string | undefined) => (s ?? '').split('\n')[0]!.slice(0, 240);
const firstOf = (c: CheckOutcome) =>
  oneLine(
    (c.error ? errorLine(c.error) : undefined) ?? c.failures?.[0]?.message ?? c.reason ?? 'failed without a message',
  );

/** One member's clause verdicts from its checks. */
export function judgeMember(seed: MemberKey, checks: readonly CheckOutcome[]): MemberVerdict {
  const failed: ClauseTrouble[] = [];
  const inconclusive: ClauseTrouble[] = [];
  const notJudged: ClauseTrouble[] = [];
  const notExercised: ClauseTrouble[] = [];
  const d = draw(seed);
  let passed = 0;
  for (const id of clauseIds) {
    const clause = clauseOf(id);
    if (!isStrictTestable(clause)) continue;
    const mine = checks.filter((c) => c.clause === id);
    const { verdict, reason, cause } = clauseVerdict(clause, mine);
    if (verdict === 'passed') passed += 1;
    if (verdict === 'skipped') notExercised.push({ clause: id, first: oneLine(reason) });
    if (verdict === 'failed') {
      const c = mine.find((x) => x.verdict === 'failed')!;
      failed.push({ clause: id, first: `${c.name.split(':')[0]}: ${firstOf(c)}` });
    }
    // A member is certified whole: a clause left not judged (a refused guess) keeps it from CONFORMANT
    // too, unless the member's own choice makes that guess unverifiable and the key named is the one.
    const allowed = expectedNotJudged(d).find((x) => x.clause === id);
    if (
      verdict === 'not-judged' &&
      allowed &&
      cause?.kind === 'guess-refused' &&
      cause.profileKey === allowed.profileKey
    )
      notJudged.push({ clause: id, first: oneLine(reason) });
    else if (verdict === 'inconclusive' || verdict === 'not-judged')
      inconclusive.push({ clause: id, first: oneLine(reason) });
  }
  return {
    seed,
    draw: d,
    conformant: failed.length === 0 && inconclusive.length === 0 && passed > 0,
    passed,
    failed,
    inconclusive,
    ...(notJudged.length ? { notJudged } : {}),
    ...(notExercised.length ? { notExercised } : {}),
  };
}

export function coverageOf(seeds: readonly MemberKey[]): FamilyReport['coverage'] {
  const draws = seeds.map(draw);
  return dimensions.map((d) => ({
    dimension: d.id,
    silences: d.silences,
    values: d.values.map((v) => ({ name: v.name, members: draws.filter((x) => x[d.id] === v.name).length })),
  }));
}

export interface FamilyRunOptions {
  reportsDir: string;
  /** Members per suite run. */
  batch?: number;
  /** CONSISTENCY_WINDOW_MS: above the family's longest lag (1.5 s), as a live run's would be. */
  windowMs?: number;
  log?: (line: string) => void;
}

export async function certifyFamily(seeds: readonly MemberKey[], o: FamilyRunOptions): Promise<FamilyReport> {
  const started = Date.now();
  const batch = Math.max(1, o.batch ?? 20);
  const members: MemberVerdict[] = [];
  const runErrors: string[] = [];
  for (let i = 0; i < seeds.length; i += batch) {
    const part = seeds.slice(i, i + batch);
    o.log?.(`family: batch ${i / batch + 1}: seeds ${part.join(', ')}`);
    const results = await runSuites({
      faults: [],
      fronts: part.map((s) => familyFront(s)),
      reportsDir: join(o.reportsDir, '.family', String(i / batch)),
      consistencyWindowMs: o.windowMs ?? 8_000,
      // Members mostly wait on their lags: sixteen checks in flight per file for every four of them.
      maxConcurrency: 16 * Math.ceil((part.length + 1) / 4),
    });
    runErrors.push(...results.runErrors);
    for (const seed of part) {
      const v = judgeMember(
        seed,
        results.checks.filter((c) => c.target === memberId(seed)),
      );
      members.push(v);
      o.log?.(
        `  seed ${seed}: ${v.conformant ? 'CONFORMANT' : 'NOT CONFORMANT'} (${v.passed} strict passed, ${v.failed.length} failed, ${v.inconclusive.length} inconclusive, ${v.notExercised?.length ?? 0} not exercised)`,
      );
      for (const f of v.failed) o.log?.(`    FAILED ${f.clause}: ${f.first}`);
      for (const f of v.inconclusive) o.log?.(`    INCONCLUSIVE ${f.clause}: ${f.first}`);
      for (const f of v.notJudged ?? []) o.log?.(`    not judged, as its choices require: ${f.clause}: ${f.first}`);
      for (const f of v.notExercised ?? []) o.log?.(`    not exercised: ${f.clause}: ${f.first}`);
    }
  }
  return { members, runErrors, coverage: coverageOf(seeds), seconds: Math.round((Date.now() - started) / 1000) };
}

/** The report as lines: counts, coverage, and each failing seed with its draw and first failures. */
export function familyLines(r: FamilyReport): string[] {
  const ok = r.members.filter((m) => m.conformant).length;
  const lines = [
    `family: ${r.members.length} seeds run, ${ok} CONFORMANT (${r.seconds} s); strict clauses not exercised for want of data: ${r.members.reduce((n, m) => n + (m.notExercised?.length ?? 0), 0)} over ${r.members.filter((m) => m.notExercised?.length).length} members`,
    'dimension values covered (members per value):',
    ...r.coverage.map(
      (c) => `  ${c.dimension} [${c.silences.join(', ')}]: ${c.values.map((v) => `${v.name} ${v.members}`).join(', ')}`,
    ),
  ];
  for (const m of r.members.filter((x) => !x.conformant)) {
    lines.push(
      `seed ${m.seed} (replay: npm run selfcheck -- --family '${typeof m.seed === 'number' ? `${m.seed}-${m.seed}` : m.seed}'): ${drawLine(m.draw)}`,
    );
    for (const f of m.failed) lines.push(`  FAILED ${f.clause}: ${f.first}`);
    for (const f of m.inconclusive) lines.push(`  INCONCLUSIVE ${f.clause}: ${f.first}`);
  }
  for (const e of r.runErrors) lines.push(`run error: ${oneLine(e)}`);
  return lines;
}
