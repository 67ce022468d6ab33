import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import type { ConsoleSettings } from '../config.js';
import { redact } from '../redact.js';
import type { CheckVerdict } from './results.js';

/**
 * The conformance console while the checks run. Every count is by catalogue area
 * (contract/clause.ts: platform, vehicles, items…), the area of each check's clause, the same
 * areas as the summary table and the certification.
 *
 * - On a terminal (outside CI): one line per area, redrawn in place: checks done of the checks
 *   selected so far (the totals grow while vitest collects the suite files), and their verdicts.
 * - In CI or when the output is not a terminal: one plain line every few seconds, only when
 *   something changed.
 * - Each failure is printed as it happens, with the first lines of its error.
 * - At the end, a table per area. Areas with no selected check never appear (e.g. under -t).
 */

export type AreaCounts = Map<string, Record<CheckVerdict, number>>;

const emptyCounts = (): Record<CheckVerdict, number> => ({ passed: 0, failed: 0, skipped: 0, inconclusive: 0 });

/** The catalogue area of a check, read from its name ('ITEM-PAGING [x]: …'). */
export function areaOfCheck(name: string): string | undefined {
  const id = /^([A-Z0-9-]+)/.exec(name)?.[1];
  return id && id in clauses ? clauses[id as ClauseId].area : undefined;
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

/** Selected to run (not filtered out by -t or a skip). */
const selected = (test: TestCase) => test.options.mode === 'run' || test.options.mode === 'only';

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

const elapsed = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

export interface ConsoleOptions {
  out?: NodeJS.WriteStream;
  /** CI and NO_COLOR, from the run's settings (harness/config.ts). */
  console?: ConsoleSettings;
  /** Without a terminal: at most one progress line this often (default 5 s). */
  intervalMs?: number;
  now?: () => number;
}

export default class ConsoleReporter implements Reporter {
  /** Checks selected so far, by area (grows as vitest collects the files). */
  private readonly expected = new Map<string, number>();
  /** Final counts by catalogue area, for the CLI's summary. */
  readonly counts: AreaCounts = new Map();
  private readonly out: NodeJS.WriteStream;
  private readonly tty: boolean;
  private readonly color: boolean;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private files = { total: 0, collected: 0, done: 0 };
  private startedAt = 0;
  private drawnLines = 0;
  private lastDraw = 0;
  private lastLine = '';
  private timer?: NodeJS.Timeout;

  constructor(o: ConsoleOptions = {}) {
    this.out = o.out ?? process.stdout;
    this.tty = Boolean(this.out.isTTY) && !o.console?.ci;
    this.color = this.tty && !o.console?.noColor;
    this.intervalMs = o.intervalMs ?? 5_000;
    this.now = o.now ?? Date.now;
  }

  private paint(code: number, s: string): string {
    return this.color ? `\x1b[${code}m${s}\x1b[0m` : s;
  }

  private done(area: string): number {
    const c = this.counts.get(area);
    return c ? c.passed + c.failed + c.skipped + c.inconclusive : 0;
  }

  private totals(): Record<CheckVerdict, number> {
    const t = emptyCounts();
    for (const c of this.counts.values()) for (const k of Object.keys(t) as CheckVerdict[]) t[k] += c[k];
    return t;
  }

  /** The areas with selected checks, in catalogue order of first appearance, sorted for a stable block. */
  private areas(): string[] {
    return [...new Set([...this.expected.keys(), ...this.counts.keys()])].sort();
  }

  /** One plain progress line (no terminal). */
  progressLine(): string {
    const t = this.totals();
    const doneAll = t.passed + t.failed + t.skipped + t.inconclusive;
    const expectedAll = [...this.expected.values()].reduce((a, b) => a + b, 0);
    const per = this.areas().map((a) => `${a} ${this.done(a)}/${this.expected.get(a) ?? 0}`).join(', ');
    const collecting = this.files.collected < this.files.total ? ` (${this.files.collected}/${this.files.total} files loaded)` : '';
    return `[${elapsed(this.now() - this.startedAt)}] ${doneAll}/${expectedAll} checks${collecting}: ${per || 'loading'}; ${t.failed} failed, ${t.inconclusive} inconclusive, ${t.skipped} skipped`;
  }

  /** The block a terminal redraws: one line per area, then the totals. */
  progressBlock(): string[] {
    const areas = this.areas();
    const width = Math.max(8, ...areas.map((a) => a.length)) + 2;
    // Cut to the terminal's width (when it tells it) before colouring, so a line never wraps.
    const fit = (line: string) => (this.out.columns && this.out.columns > 20 ? line.slice(0, this.out.columns - 1) : line);
    const lines = areas.map((a) => {
      const c = this.counts.get(a) ?? emptyCounts();
      const exp = this.expected.get(a) ?? 0;
      const complete = exp > 0 && this.done(a) >= exp && this.files.collected >= this.files.total;
      const line = fit(`${complete ? '✓' : ' '} ${pad(a, width)}${padStart(`${this.done(a)}/${exp}`, 9)}   ✓ ${c.passed}  ✗ ${c.failed}  ↷ ${c.skipped}  ? ${c.inconclusive}`);
      return line.replace(/^✓/, this.paint(32, '✓')).replace(/✗ [1-9]\d*/, (m) => this.paint(31, m));
    });
    const t = this.totals();
    const files = `${this.files.done}/${this.files.total} files`;
    lines.push(fit(`  ${pad('total', width)}${padStart(`${t.passed + t.failed + t.skipped + t.inconclusive}/${[...this.expected.values()].reduce((a, b) => a + b, 0)}`, 9)}   ${files} · ${elapsed(this.now() - this.startedAt)}`));
    return lines;
  }

  private clearBlock(): void {
    if (!this.tty || this.drawnLines === 0) return;
    this.out.write(`\x1b[${this.drawnLines}F\x1b[0J`);
    this.drawnLines = 0;
  }

  private drawBlock(force = false): void {
    if (!this.tty) return;
    const now = this.now();
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    this.clearBlock();
    const block = this.progressBlock();
    this.out.write(`${block.join('\n')}\n`);
    this.drawnLines = block.length;
  }

  private tick(): void {
    const line = this.progressLine();
    // The elapsed time alone changing is no news.
    const news = line.replace(/^\[[^\]]*\] /, '');
    if (news === this.lastLine) return;
    this.lastLine = news;
    this.out.write(`${line}\n`);
  }

  /** A line above the progress (a failure, a load error). */
  private print(text: string): void {
    this.clearBlock();
    this.out.write(`${text}\n`);
    this.drawBlock(true);
  }

  onTestRunStart(specs: ReadonlyArray<TestSpecification>): void {
    this.startedAt = this.now();
    this.files.total = specs.filter((s) => s.project.name === 'conformance').length;
    if (this.tty) this.drawBlock(true);
    else {
      this.timer = setInterval(() => this.tick(), this.intervalMs);
      this.timer.unref();
    }
  }

  onTestModuleCollected(mod: TestModule): void {
    if (mod.project.name !== 'conformance') return;
    this.files.collected += 1;
    for (const test of mod.children.allTests()) {
      if (!selected(test)) continue;
      const area = areaOfCheck(test.name);
      if (area) this.expected.set(area, (this.expected.get(area) ?? 0) + 1);
    }
    this.drawBlock();
  }

  onTestCaseResult(test: TestCase): void {
    if (test.project.name !== 'conformance') return;
    const verdict = checkVerdict(test);
    if (!verdict) return;
    const area = areaOfCheck(test.name) ?? 'other';
    const c = this.counts.get(area) ?? emptyCounts();
    c[verdict] += 1;
    this.counts.set(area, c);
    if (verdict === 'failed') {
      const where = test.fullName === test.name ? '' : ` (${test.fullName.slice(0, test.fullName.length - test.name.length).replace(/ > $/, '')})`;
      const errors = test.result().errors ?? [];
      const first = redact(errors[0]?.message ?? 'failed').split('\n').slice(0, 6).map((l) => `      ${l}`);
      this.print([this.paint(31, `  ✗ [${area}] ${test.name.split(':')[0]}${where}`), ...first].join('\n'));
    } else this.drawBlock();
  }

  onTestModuleEnd(mod: TestModule): void {
    if (mod.project.name !== 'conformance') return;
    this.files.done += 1;
    for (const err of mod.errors()) this.print(this.paint(31, `  ✗ ${mod.relativeModuleId} did not load: ${redact(err.message).split('\n')[0]}`));
    this.drawBlock();
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    if (this.timer) clearInterval(this.timer);
    if (this.tty) {
      this.drawBlock(true);
      this.drawnLines = 0; // the final state stays on screen
    } else if (this.startedAt && (this.counts.size > 0 || this.expected.size > 0)) this.tick();
    for (const e of unhandled) this.out.write(this.paint(31, `Unhandled error: ${redact(`${e.name ?? 'Error'}: ${e.message}`).split('\n')[0]}\n`));
    if (this.counts.size === 0) return;
    this.out.write(`\nChecks per area\n${areaTable(this.counts).map((l) => `  ${l}`).join('\n')}\n`);
  }
}
