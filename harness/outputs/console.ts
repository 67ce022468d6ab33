import { clauses, type ClauseId } from '../../contract/clauses.js';
import type { CheckOutcome, RecordedExchange } from '../core/events.js';
import type { CheckVerdict } from '../core/outcome.js';
import { redact } from '../redact.js';
import { curlLines } from './curl.js';
import { failureLines, harnessErrorHead } from './failure-view.js';

/**
 * The console while a run goes, as a handler of the hub's events (harness/run/hub.ts). Every
 * count is by catalogue area (platform, vehicles, items…), the areas of the certificate.
 *
 * - On a terminal (outside CI): one line per area, redrawn in place, never wider than the
 *   terminal: checks done of the checks selected, and their verdicts. ✓ marks an area whose checks
 *   all ended with no failure and nothing inconclusive; ✗ one with a failure; ? one with an
 *   inconclusive check.
 * - In CI or when the output is not a terminal: one plain line every few seconds, when something changed.
 * - Each failure is printed as it happens, with its typed failures and a curl line to replay it.
 * - Phases after the checks (cleanup, publication) say what they are doing.
 * - At the end, the table per area, once.
 */

export type AreaCounts = Map<string, Record<CheckVerdict, number>>;

const emptyCounts = (): Record<CheckVerdict, number> => ({
  passed: 0,
  failed: 0,
  skipped: 0,
  inconclusive: 0,
  errored: 0,
});

/** The catalogue area of a check key or name ('ITEM-PAGING [x]: …'). */
export function areaOfCheck(name: string): string | undefined {
  const id = /^([A-Z0-9-]+)/.exec(name)?.[1];
  return id && id in clauses ? clauses[id as ClauseId].area : undefined;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const visible = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

export function areaTable(counts: AreaCounts): string[] {
  const areas = [...counts.keys()].sort();
  // The harness's own errors get their column only when there are any.
  const cols: CheckVerdict[] = ['passed', 'failed', 'skipped', 'inconclusive'];
  if (areas.some((a) => (counts.get(a)!.errored ?? 0) > 0)) cols.push('errored');
  const total = emptyCounts();
  for (const a of areas) for (const c of cols) total[c] += counts.get(a)![c];
  const width = Math.max(8, ...areas.map((a) => a.length)) + 2;
  const row = (label: string, v: Record<CheckVerdict, number>) =>
    pad(label, width) + cols.map((c) => padStart(String(v[c]), c.length + 2)).join('');
  const header = pad('area', width) + cols.map((c) => padStart(c, c.length + 2)).join('');
  return [
    header,
    '-'.repeat(header.length),
    ...areas.map((a) => row(a, counts.get(a)!)),
    '-'.repeat(header.length),
    row('total', total),
  ];
}

const elapsed = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/**
 * Folds a line at word boundaries to `width` columns, continuation lines indented like the
 * first; a word longer than the width (a URL, a curl line) is broken inside, never overflows.
 */
export function fold(line: string, width: number | undefined): string[] {
  if (!width || width < 20 || visible(line).length <= width) return [line];
  const indent = /^\s*/.exec(line)![0] + '  ';
  const out: string[] = [];
  let current = '';
  for (const word of line.split(/(?<=\s)/)) {
    if (visible(current + word).length > width && current.trim()) {
      out.push(current.trimEnd());
      current = indent;
    }
    let w = word;
    while (visible(current + w).length > width) {
      const room = Math.max(1, width - visible(current).length);
      out.push(current + w.slice(0, room));
      current = indent;
      w = w.slice(room);
    }
    current += w;
  }
  if (current.trim()) out.push(current.trimEnd());
  return out;
}

export interface ConsoleOptions {
  out?: NodeJS.WriteStream;
  /** CI is set: plain lines, never redrawn in place. */
  ci?: boolean;
  /** NO_COLOR is set. */
  noColor?: boolean;
  /** Without a terminal: at most one progress line this often (default 5 s). */
  intervalMs?: number;
  now?: () => number;
  /** Where the bundle page will be, for the evidence anchor of a failure. */
  pageHint?: string;
}

export class RunConsole {
  /** Checks selected, by key → area (the plan's, corrected by the registrations). */
  private readonly expected = new Map<string, string>();
  /** Final counts by catalogue area. */
  readonly counts: AreaCounts = new Map();
  private readonly out: NodeJS.WriteStream;
  readonly tty: boolean;
  readonly color: boolean;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private startedAt = 0;
  private drawnLines = 0;
  private lastDraw = 0;
  private lastLine = '';
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(private readonly o: ConsoleOptions = {}) {
    this.out = o.out ?? process.stdout;
    this.tty = Boolean(this.out.isTTY) && !o.ci;
    this.color = this.tty && !o.noColor;
    this.intervalMs = o.intervalMs ?? 5_000;
    this.now = o.now ?? Date.now;
  }

  get columns(): number | undefined {
    return this.out.isTTY ? this.out.columns : undefined;
  }

  paint(code: string, s: string): string {
    return this.color ? `\x1b[${code}m${s}\x1b[0m` : s;
  }

  /** Lines that stay (start lines, end lines), folded to the terminal's width. */
  print(text: string): void {
    this.clearBlock();
    const lines = text.split('\n').flatMap((l) => fold(redact(l), this.columns));
    this.out.write(`${lines.join('\n')}\n`);
    this.drawBlock(true);
  }

  /** The checks begin: the selected keys are known from the plan. */
  begin(plannedKeys: readonly string[]): void {
    for (const k of plannedKeys) this.expected.set(k, areaOfCheck(k) ?? 'other');
    this.startedAt = this.now();
    this.running = true;
    if (this.tty) this.drawBlock(true);
    else {
      this.timer = setInterval(() => this.tick(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** A check registered at load time: counted when selected, dropped when not. */
  registered(key: string, selected: boolean): void {
    if (selected) this.expected.set(key, areaOfCheck(key) ?? 'other');
    else this.expected.delete(key);
    this.drawBlock();
  }

  /** `replay`: a failure's replay lines (curl.ts replayOfCheck), folded to `width`; without it, the one curl line. */
  checkEnded(
    outcome: CheckOutcome,
    exchange: (id: string) => RecordedExchange | undefined,
    replay?: (exchangeId: string, width: number) => string[] | undefined,
  ): void {
    const area = areaOfCheck(outcome.key) ?? 'other';
    if (!this.expected.has(outcome.key)) this.expected.set(outcome.key, area);
    const c = this.counts.get(area) ?? emptyCounts();
    c[outcome.verdict] = (c[outcome.verdict] ?? 0) + 1;
    this.counts.set(area, c);
    if (outcome.verdict === 'failed' || outcome.verdict === 'errored')
      this.print(this.failureText(outcome, area, exchange, replay).join('\n'));
    else this.drawBlock();
  }

  private failureText(
    o: CheckOutcome,
    area: string,
    exchange: (id: string) => RecordedExchange | undefined,
    replay?: (exchangeId: string, width: number) => string[] | undefined,
  ): string[] {
    if (o.error)
      return [
        this.paint('33', `  ! [${area}] ${o.key}: ${harnessErrorHead(o.error)}`),
        ...(o.error.stack ?? '')
          .split('\n')
          .filter(Boolean)
          .slice(0, 4)
          .map((l) => `      ${l.trim()}`),
      ];
    const head = this.paint('31', `  ✗ [${area}] ${o.key}: ${o.reason ?? 'failed'}`);
    const lines = [head];
    for (const f of (o.failures ?? []).slice(0, 3)) {
      const ex = f.exchange ? exchange(f.exchange) : undefined;
      const [first, ...rest] = failureLines(f, ex, { curl: false });
      lines.push(`      - ${first}`, ...rest.map((l) => `        ${l}`));
      const width = this.columns ? this.columns - 8 : Infinity;
      // The whole sequence that produced it (the writes, then the read), after how the token is loaded.
      if (ex)
        lines.push(
          ...(replay?.(f.exchange!, width) ?? curlLines(ex, width)).map((l) => `        ${this.paint('2', l)}`),
        );
      else if (this.o.pageHint) lines.push(`        evidence: ${this.o.pageHint}#${encodeURIComponent(o.clause)}`);
    }
    if ((o.failures?.length ?? 0) > 3) lines.push(`      … and ${o.failures!.length - 3} more in certification.md`);
    return lines;
  }

  /** A phase after the checks (cleanup, publication) reports what it is doing. */
  phase(text: string): void {
    this.finishChecks();
    this.print(`${this.paint('2', '·')} ${text}`);
  }

  /** The checks are over (or interrupted): the progress stays on screen once, in its final state. */
  finishChecks(): void {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    // The final table is printed once, at the end: the progress block does not stay beside it.
    if (this.tty) this.clearBlock();
    else this.tick();
  }

  private done(area: string): number {
    const c = this.counts.get(area);
    return c ? c.passed + c.failed + c.skipped + c.inconclusive + c.errored : 0;
  }

  private expectedIn(area: string): number {
    return [...this.expected.values()].filter((a) => a === area).length;
  }

  private areas(): string[] {
    return [...new Set([...this.expected.values(), ...this.counts.keys()])].sort();
  }

  private totals(): Record<CheckVerdict, number> {
    const t = emptyCounts();
    for (const c of this.counts.values()) for (const k of Object.keys(t) as CheckVerdict[]) t[k] += c[k];
    return t;
  }

  /** One plain progress line (no terminal). */
  progressLine(): string {
    const t = this.totals();
    const doneAll = t.passed + t.failed + t.skipped + t.inconclusive + t.errored;
    const per = this.areas()
      .map((a) => `${a} ${this.done(a)}/${this.expectedIn(a)}`)
      .join(', ');
    return `[${elapsed(this.now() - this.startedAt)}] ${doneAll}/${this.expected.size} checks: ${per || 'loading'}; ${t.failed} failed, ${t.inconclusive} inconclusive, ${t.skipped} skipped${t.errored ? `, ${t.errored} harness error(s)` : ''}`;
  }

  /** The mark of an area: ✓ all ended with nothing failed or undecided, ✗ a failure, ? an inconclusive check. */
  private mark(area: string): string {
    const c = this.counts.get(area) ?? emptyCounts();
    if (c.failed) return this.paint('31', '✗');
    if (c.inconclusive || c.errored) return this.paint('33', '?');
    const exp = this.expectedIn(area);
    return exp > 0 && this.done(area) >= exp ? this.paint('32', '✓') : ' ';
  }

  /** The block a terminal redraws: one line per area, then the totals; never wider than the terminal. */
  progressBlock(): string[] {
    const areas = this.areas();
    const width = Math.max(8, ...areas.map((a) => a.length)) + 2;
    const cut = (line: string) =>
      this.columns && this.columns > 20 && line.length > this.columns - 1 ? line.slice(0, this.columns - 1) : line;
    const lines = areas.map((a) => {
      const c = this.counts.get(a) ?? emptyCounts();
      const text = cut(
        `  ${pad(a, width)}${padStart(`${this.done(a)}/${this.expectedIn(a)}`, 9)}   passed ${c.passed}  failed ${c.failed}  skipped ${c.skipped}  inconclusive ${c.inconclusive}${c.errored ? `  errored ${c.errored}` : ''}`,
      );
      return `${this.mark(a)}${text.slice(1)}`.replace(/failed [1-9]\d*/, (m) => this.paint('31', m));
    });
    const t = this.totals();
    lines.push(
      cut(
        `  ${pad('total', width)}${padStart(`${t.passed + t.failed + t.skipped + t.inconclusive + t.errored}/${this.expected.size}`, 9)}   ${elapsed(this.now() - this.startedAt)}`,
      ),
    );
    return lines;
  }

  private clearBlock(): void {
    if (!this.tty || this.drawnLines === 0) return;
    this.out.write(`\x1b[${this.drawnLines}F\x1b[0J`);
    this.drawnLines = 0;
  }

  private drawBlock(force = false): void {
    if (!this.tty || !this.running) return;
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

  /** The verdict line: bold and coloured on a terminal. */
  verdictLine(headline: string, verdict: string): string {
    const code =
      verdict === 'conformant'
        ? '1;32'
        : verdict === 'passed'
          ? '1;34'
          : verdict === 'non-conformant'
            ? '1;31'
            : '1;33';
    return `Verdict: ${this.paint(code, headline)}`;
  }
}
