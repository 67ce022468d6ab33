import { relative } from 'node:path';
import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import { redact } from '../redact.js';
import type { CheckVerdict } from './results.js';

/**
 * The conformance console: live progress per area while the checks run, each failure as it
 * happens, and a summary table per area at the end. Plain lines (no ANSI) when stdout is not a
 * terminal, so CI logs stay readable.
 */

interface AreaProgress {
  files: number;
  filesDone: number;
  counts: Record<CheckVerdict, number>;
}

export type AreaCounts = Map<string, Record<CheckVerdict, number>>;

const emptyCounts = (): Record<CheckVerdict, number> => ({ passed: 0, failed: 0, skipped: 0, inconclusive: 0 });

/** The catalogue area of a check, read from its name ('ITEM-PAGING [x]: …'); a file's folder otherwise. */
export function areaOfCheck(name: string): string | undefined {
  const id = /^([A-Z0-9-]+)/.exec(name)?.[1];
  return id && id in clauses ? clauses[id as ClauseId].area : undefined;
}

/** suites/<folder>/x.check.ts → the catalogue area whose name matches the folder, else the folder. */
export function areaOfFile(file: string): string {
  const folder = /(?:^|\/)suites\/([^/]+)\//.exec(file.replace(/\\/g, '/'))?.[1] ?? 'other';
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  const known = [...new Set(Object.values(clauses).map((c) => c.area as string))];
  return known.find((a) => norm(a) === norm(folder) || norm(a) === `${norm(folder)}s`) ?? folder;
}

/** A check's verdict as the certification counts it (inconclusive checks are vitest skips). */
export function checkVerdict(test: TestCase): CheckVerdict | undefined {
  const r = test.result();
  if (r.state === 'pending') return undefined;
  if (r.state === 'passed' || r.state === 'failed') return r.state;
  const meta = test.meta().conformance;
  if (!meta?.outcome) return undefined; // filtered out, never started
  return meta.outcome === 'inconclusive' ? 'inconclusive' : 'skipped';
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

export function areaTable(counts: AreaCounts): string[] {
  const cols: CheckVerdict[] = ['passed', 'failed', 'skipped', 'inconclusive'];
  const areas = [...counts.keys()].sort();
  const total = emptyCounts();
  for (const a of areas) for (const c of cols) total[c] += counts.get(a)![c];
  const width = Math.max(8, ...areas.map((a) => a.length)) + 2;
  const row = (label: string, v: Record<CheckVerdict, number>) => pad(label, width) + cols.map((c) => padStart(String(v[c]), c.length + 2)).join('');
  const header = pad('area', width) + cols.map((c) => padStart(c, c.length + 2)).join('');
  return [header, '-'.repeat(header.length), ...areas.map((a) => row(a, counts.get(a)!)), '-'.repeat(header.length), row('total', total)];
}

export default class ConsoleReporter implements Reporter {
  private readonly areas = new Map<string, AreaProgress>();
  /** Final counts by catalogue area, for the CLI's summary. */
  readonly counts: AreaCounts = new Map();
  private readonly tty: boolean;
  private readonly color: boolean;
  private statusShown = false;
  private readonly root = process.cwd();

  constructor(private readonly out: NodeJS.WriteStream = process.stdout) {
    this.tty = Boolean(out.isTTY) && !process.env.CI;
    this.color = this.tty && !process.env.NO_COLOR;
  }

  private paint(code: number, s: string): string {
    return this.color ? `\x1b[${code}m${s}\x1b[0m` : s;
  }

  private area(name: string): AreaProgress {
    let a = this.areas.get(name);
    if (!a) this.areas.set(name, (a = { files: 0, filesDone: 0, counts: emptyCounts() }));
    return a;
  }

  private print(line: string): void {
    this.clearStatus();
    this.out.write(`${line}\n`);
    this.drawStatus();
  }

  private clearStatus(): void {
    if (this.tty && this.statusShown) this.out.write('\r\x1b[2K');
    this.statusShown = false;
  }

  /** One redrawn line on a terminal: files done per area and the running totals. */
  private drawStatus(): void {
    if (!this.tty) return;
    this.clearStatus();
    const parts = [...this.areas.entries()].sort().map(([n, a]) => `${n} ${a.filesDone}/${a.files}`);
    const t = this.totals();
    const line = `${parts.join(' · ')}  │ ✓ ${t.passed} ✗ ${t.failed} ↷ ${t.skipped} ? ${t.inconclusive}`;
    this.out.write(line.slice(0, Math.max(20, (this.out.columns ?? 120) - 1)));
    this.statusShown = true;
  }

  private totals(): Record<CheckVerdict, number> {
    const t = emptyCounts();
    for (const a of this.areas.values()) for (const k of Object.keys(t) as CheckVerdict[]) t[k] += a.counts[k];
    return t;
  }

  onTestRunStart(specs: ReadonlyArray<TestSpecification>): void {
    for (const s of specs) if (s.project.name === 'conformance') this.area(areaOfFile(relative(this.root, s.moduleId))).files += 1;
    const list = [...this.areas.entries()].sort().map(([n, a]) => `${n} (${a.files} file${a.files === 1 ? '' : 's'})`);
    this.print(`Conformance checks: ${list.join(', ') || 'no suite files'}`);
  }

  onTestCaseResult(test: TestCase): void {
    if (test.project.name !== 'conformance') return;
    const verdict = checkVerdict(test);
    if (!verdict) return;
    const area = areaOfCheck(test.name) ?? areaOfFile(test.module.relativeModuleId);
    this.area(areaOfFile(test.module.relativeModuleId)).counts[verdict] += 1;
    const c = this.counts.get(area) ?? emptyCounts();
    c[verdict] += 1;
    this.counts.set(area, c);
    if (verdict !== 'failed') return;
    const where = test.fullName === test.name ? '' : ` (${test.fullName.slice(0, test.fullName.length - test.name.length).replace(/ > $/, '')})`;
    const errors = test.result().errors ?? [];
    const first = redact(errors[0]?.message ?? 'failed').split('\n').slice(0, 6).map((l) => `      ${l}`);
    this.print([this.paint(31, `  ✗ [${area}] ${test.name.split(':')[0]}${where}`), ...first].join('\n'));
  }

  onTestModuleEnd(mod: TestModule): void {
    if (mod.project.name !== 'conformance') return;
    const name = areaOfFile(mod.relativeModuleId);
    const a = this.area(name);
    a.filesDone += 1;
    for (const err of mod.errors()) this.print(this.paint(31, `  ✗ ${mod.relativeModuleId} did not load: ${redact(err.message).split('\n')[0]}`));
    if (this.tty) return this.drawStatus();
    const c = a.counts;
    this.out.write(`[${name} ${a.filesDone}/${a.files}] ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped, ${c.inconclusive} inconclusive · ${mod.relativeModuleId.replace(/^suites\//, '')}\n`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    this.clearStatus();
    for (const e of unhandled) this.out.write(this.paint(31, `Unhandled error: ${redact(`${e.name ?? 'Error'}: ${e.message}`).split('\n')[0]}\n`));
    if (this.counts.size === 0) return;
    this.out.write(`\nChecks per area\n${areaTable(this.counts).map((l) => `  ${l}`).join('\n')}\n`);
  }
}
