import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { faultDef, faultIds, isKnownFault } from '../../mock/faults/index.js';
import { operatorFaultIds, operatorOf, operators } from '../../mock/faults/operators/index.js';
import { runSuites } from '../../harness/run/run-suites.js';
import type { CheckOutcome } from '../../harness/core/events.js';
import { errorLine } from '../../harness/core/outcome.js';
import { MAX_UNRELATED_FAULT_FAILURES, maskOf, productionMaskOf } from './masks.js';
import { certifyFamily, familyLines } from './certify.js';
import { draw, drawLine, probes, type MemberKey } from './dimensions.js';
import { familyFront, memberId } from './server.js';
import { PRODUCTION } from '../production/front.js';
import { shiftClock } from '../support/shifted-clock.js';

/** A member's choices in one line; the production-like server is its own. */
const memberLine = (seed: MemberKey) =>
  seed === PRODUCTION ? 'the production-like server of test/production' : drawLine(draw(seed));
/** Why a fault cannot apply to a member. */
const whyNot = (seed: MemberKey, fault: string) =>
  seed === PRODUCTION ? productionMaskOf(fault) : maskOf(draw(seed), fault);

/**
 * `partner-conformance selfcheck --family <seeds>` and `--family-faults <seeds>` (test/selfcheck/cli.ts
 * hands them here): the family certified, and the fault self-check run on family members.
 */
export interface FamilyCommandOptions {
  family?: string;
  familyFaults?: string;
  faults?: string;
  /** The generated faults of these operators ('all', or comma-separated names) instead of the hand-written ones. */
  operators?: string;
  subset?: string;
  /** Each fault on one member in turn (fault i on seeds[i mod n]), not on every member. */
  spread?: boolean;
  batch?: number;
  /** Run at this date (ISO 8601): the run, the mock and the members read a clock shifted to it. */
  at?: string;
  reportsDir: string;
}

/**
 * "200" is seeds 1..200; "7,19" a list; "30-60" a range; "probes" every value alone; "page-base=zero-based"
 * one probe; "production" (alone or in a list) the production-like server of test/production.
 */
export function seedsOf(spec: string): MemberKey[] {
  const s = spec.trim();
  if (s === 'probes') return probes();
  if (s.includes('=')) {
    const keys = s.split(',').map((x) => x.trim());
    for (const k of keys) draw(k);
    return keys;
  }
  if (/^\d+$/.test(s)) return Array.from({ length: Number(s) }, (_, i) => i + 1);
  const m = /^(\d+)-(\d+)$/.exec(s);
  if (m) return Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => Number(m[1]) + i);
  const list = s.split(',').map((x) => (x.trim() === PRODUCTION ? PRODUCTION : Number(x.trim())));
  if (!list.length || list.some((n) => n !== PRODUCTION && (!Number.isInteger(n) || (n as number) < 0)))
    throw new Error(`not seeds: ${spec}`);
  return list;
}

/** The faults to run: the hand-written catalogue, or the generated faults of the operators named. */
function faultPool(o: FamilyCommandOptions): string[] {
  if (!o.operators) return [...faultIds];
  const wanted = o.operators === 'all' ? Object.keys(operators) : o.operators.split(',').map((x) => x.trim());
  const unknown = wanted.filter((n) => !Object.hasOwn(operators, n));
  if (unknown.length) throw new Error(`unknown operator(s): ${unknown.join(', ')}`);
  return operatorFaultIds.filter((id) => wanted.includes(operatorOf(id)));
}

function chosenFaults(o: FamilyCommandOptions): string[] {
  if (o.faults) return o.faults.split(',').map((x) => x.trim());
  const pool = faultPool(o);
  const m = o.subset ? /^(\d+)\/(\d+)$/.exec(o.subset) : null;
  return m ? pool.filter((_, i) => i % Number(m[2]) === Number(m[1])) : pool;
}

const first = (c: CheckOutcome) =>
  `${c.name.split(':')[0]}: ${((c.error ? errorLine(c.error) : undefined) ?? c.failures?.[0]?.message ?? '').split('\n')[0]!.slice(0, 160)}`;

/**
 * `--at <date>`: the whole command at another date, as test/dates.test.ts runs the date-sensitive
 * clauses: this thread's clock (the run, the mock, the members) and the check workers' (through
 * SELFTEST_CLOCK_OFFSET_MS, read by vitest.config.ts) move to the date, so a check that works on some
 * days only is found on a day it breaks.
 */
export async function familyCommand(o: FamilyCommandOptions): Promise<number> {
  if (o.at === undefined) return familyCommandNow(o);
  const at = Date.parse(o.at);
  if (Number.isNaN(at)) {
    console.error(`Configuration error: selfcheck: --at takes an ISO 8601 date or date-time, not ${o.at}`);
    return 2;
  }
  const offset = at - Date.now();
  process.env.SELFTEST_CLOCK_OFFSET_MS = String(offset);
  const undo = shiftClock(offset);
  console.log(`family: at ${new Date().toISOString()} (the clock moved ${Math.round(offset / 86_400_000)} days)`);
  try {
    return await familyCommandNow(o);
  } finally {
    undo();
    delete process.env.SELFTEST_CLOCK_OFFSET_MS;
  }
}

async function familyCommandNow(o: FamilyCommandOptions): Promise<number> {
  const out = resolve(o.reportsDir);
  mkdirSync(out, { recursive: true });
  let seeds: MemberKey[];
  try {
    seeds = seedsOf((o.family ?? o.familyFaults)!);
  } catch (err) {
    console.error(`Configuration error: selfcheck: ${(err as Error).message}`);
    return 2;
  }

  if (o.family !== undefined) {
    const report = await certifyFamily(seeds, { reportsDir: out, batch: o.batch ?? 20, log: console.log });
    const lines = [...(o.at ? [`at ${o.at}`] : []), ...familyLines(report)];
    writeFileSync(join(out, 'family.json'), JSON.stringify(report, null, 2));
    writeFileSync(join(out, 'family.md'), `# The generated family\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
    console.log(lines.join('\n'));
    return report.members.every((m) => m.conformant) && report.runErrors.length === 0 ? 0 : 1;
  }

  const unknown = (o.faults ?? '').split(',').filter((f) => f && !isKnownFault(f.trim()));
  if (unknown.length) {
    console.error(`Configuration error: selfcheck: unknown fault(s): ${unknown.join(', ')}`);
    return 2;
  }
  let list: string[];
  try {
    list = chosenFaults(o);
  } catch (err) {
    console.error(`Configuration error: selfcheck: ${(err as Error).message}`);
    return 2;
  }
  const started = Date.now();
  const pairs = o.spread
    ? list.map((fault, i) => ({ seed: seeds[i % seeds.length]!, fault }))
    : seeds.flatMap((seed) => list.map((fault) => ({ seed, fault })));
  const skipped: string[] = [];
  const runnable = pairs.filter((p) => {
    const why = whyNot(p.seed, p.fault);
    if (why) skipped.push(`${memberId(p.seed, p.fault)}: does not apply: ${why}`);
    return !why;
  });
  const batch = Math.max(1, o.batch ?? 30);
  const rows: string[] = [];
  let detected = 0;
  let precise = 0;
  const perMember = new Map<MemberKey, { pairs: number; skipped: number; detected: number; precise: number }>();
  const tally = (seed: MemberKey) =>
    perMember.get(seed) ?? perMember.set(seed, { pairs: 0, skipped: 0, detected: 0, precise: 0 }).get(seed)!;
  for (const p of pairs) tally(p.seed).pairs += 1;
  for (const p of pairs) if (!runnable.includes(p)) tally(p.seed).skipped += 1;
  for (let i = 0; i < runnable.length; i += batch) {
    const part = runnable.slice(i, i + batch);
    const members = [...new Set(part.map((p) => p.seed))];
    console.log(`family faults: batch ${i / batch + 1}: ${part.length} faulted members, ${members.length} clean`);
    const results = await runSuites({
      faults: [],
      fronts: [...members.map((s) => familyFront(s)), ...part.map((p) => familyFront(p.seed, p.fault))],
      reportsDir: join(out, '.family-faults', String(i / batch)),
      consistencyWindowMs: 4_000,
      maxConcurrency: 16 * Math.ceil((part.length + members.length + 1) / 4),
    });
    for (const p of part) {
      const clause = faultDef(p.fault)!.clause;
      // What fails on the member without the fault is the member's, not the fault's.
      const cleanFailing = new Set(
        results.checks.filter((c) => c.target === memberId(p.seed) && c.verdict === 'failed').map((c) => c.key),
      );
      const failing = results.checks.filter(
        (c) => c.target === memberId(p.seed, p.fault) && c.verdict === 'failed' && !cleanFailing.has(c.key),
      );
      const killing = failing.filter((c) => c.clause === clause);
      const unrelated = failing.filter((c) => c.clause !== clause);
      const isPrecise = killing.length > 0 && unrelated.length <= MAX_UNRELATED_FAULT_FAILURES;
      if (killing.length) ((detected += 1), (tally(p.seed).detected += 1));
      if (isPrecise) ((precise += 1), (tally(p.seed).precise += 1));
      if (!killing.length || !isPrecise)
        rows.push(
          `${killing.length ? 'imprecise' : 'MISSED'}: ${p.fault} (${clause}) on seed ${p.seed} [${memberLine(p.seed)}]${unrelated.length ? `; other failures: ${unrelated.map(first).join('; ')}` : ''}`,
        );
    }
    // A long run leaves what it has so far, should it be stopped.
    writeFileSync(
      join(out, 'family-faults.progress.md'),
      `${Math.round((Date.now() - started) / 1000)} s; ${i + part.length} of ${runnable.length} pairs run; detected ${detected}, precise ${precise}\n${rows.join('\n')}\n`,
    );
  }
  const summary = `family faults: ${pairs.length} fault × member pairs (${list.length} faults × ${seeds.length} members); ${skipped.length} do not apply; detected ${detected}/${runnable.length}, precise ${precise}/${runnable.length} (${Math.round((Date.now() - started) / 1000)} s)`;
  const table = [
    'member | faults | do not apply | detected | precise | draw',
    ...[...perMember].map(
      ([seed, t]) =>
        `${seed} | ${t.pairs} | ${t.skipped} | ${t.detected}/${t.pairs - t.skipped} | ${t.precise}/${t.pairs - t.skipped} | ${memberLine(seed)}`,
    ),
  ];
  const lines = [summary, ...rows, '', ...table, '', ...skipped];
  writeFileSync(join(out, 'family-faults.md'), `# Faults on family members\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
  console.log(lines.join('\n'));
  return detected === runnable.length && precise === runnable.length ? 0 : 1;
}
