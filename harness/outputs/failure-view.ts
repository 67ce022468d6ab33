import type { RecordedExchange } from '../core/events.js';
import { errorLine, type Failure, type HarnessError } from '../core/outcome.js';
import { curlLine, requestLine } from './curl.js';

/** How every output shows a typed failure: the same words, values and exchange everywhere. */

/** An errored check's first line, the same in every output: the harness broke, not the target. */
export const harnessErrorHead = (e: HarnessError) =>
  `harness error, not the target's fault (report it to the harness's maintainers): ${errorLine(e)}`;

/** The exception and its stack, as JUnit, Allure and the page show them. */
export const harnessErrorText = (e: HarnessError) => `${harnessErrorHead(e)}${e.stack ? `\n${e.stack}` : ''}`;

const show = (v: unknown) =>
  v === undefined ? 'absent' : typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** A body of the exchange cut in exchanges.har (over HAR_BODY_LIMIT): the evidence is not whole there. */
export function truncationLine(ex: Pick<RecordedExchange, 'truncated'>): string | undefined {
  const t = ex.truncated;
  if (!t?.request && !t?.response) return undefined;
  const parts = [
    t.response ? `${t.response} bytes of the answer` : '',
    t.request ? `${t.request} bytes of the request` : '',
  ].filter(Boolean);
  return `evidence cut: exchanges.har leaves out ${parts.join(' and ')} (over HAR_BODY_LIMIT; raise it to keep them)`;
}

/**
 * One failure as lines: the message, expected and actual, the request line and a curl line. With
 * `replay` (OutputContext.replay) the curl line is the whole sequence that produced the failure,
 * one line of text per shell line.
 */
export function failureLines(
  f: Failure,
  ex?: RecordedExchange,
  o: { curl?: boolean; replay?: readonly string[] } = {},
): string[] {
  const lines = [f.message];
  if (f.expected !== undefined || f.actual !== undefined)
    lines.push(
      `expected: ${clip(show(f.expected), 300)}; actual: ${clip(show(f.actual), 300)}${f.path ? ` (at ${f.path})` : ''}`,
    );
  if (ex) {
    lines.push(`request: ${requestLine(ex)}`);
    const cut = truncationLine(ex);
    if (cut) lines.push(cut);
    if (o.curl !== false) lines.push(`curl: ${o.replay?.length ? o.replay.join('\n') : curlLine(ex)}`);
  }
  return lines;
}

function parse(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (!text) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const SENTINEL = '@@failing-field@@';

/** The value at a dotted path (`pageable.pageNumber`, `content.3.status`), with whether it exists. */
export function valueAt(value: unknown, path: string): { found: boolean; value?: unknown } {
  let v: unknown = value;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object' || !(k in (v as object))) return { found: false };
    v = (v as Record<string, unknown>)[k];
  }
  return { found: true, value: v };
}

function withSentinels(value: unknown, paths: string[][], at: string[] = []): unknown {
  if (paths.some((p) => p.length === at.length && p.every((k, i) => k === at[i])))
    return SENTINEL + paths.findIndex((p) => p.length === at.length && p.every((k, i) => k === at[i]));
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((x, i) => withSentinels(x, paths, [...at, String(i)]));
  return Object.fromEntries(Object.entries(value).map(([key, x]) => [key, withSentinels(x, paths, [...at, key])]));
}

/**
 * A response body pretty-printed for reading, never cut before a failing field: each field a
 * failure names is marked (`◀ failing field`), and a long body is shown as a window of lines
 * around the first of them, with how many lines lie outside.
 */
export function bodyAround(
  text: string | undefined,
  paths: string | readonly (string | undefined)[] | undefined,
  maxLines = 60,
): string {
  const parsed = parse(text);
  if (!parsed.ok) return text === undefined ? '' : clip(text, 6000);
  const wanted = (typeof paths === 'string' ? [paths] : [...(paths ?? [])]).filter(
    (p): p is string => !!p && valueAt(parsed.value, p).found,
  );
  const lines = wanted.length ? markedLines(parsed.value, wanted) : JSON.stringify(parsed.value, null, 2).split('\n');
  const first = lines.findIndex((l) => l.endsWith('◀ failing field'));
  if (lines.length <= maxLines) return lines.join('\n');
  if (first < 0) return `${lines.slice(0, maxLines).join('\n')}\n… ${lines.length - maxLines} more lines`;
  const from = Math.max(0, Math.min(first - Math.floor(maxLines / 2), lines.length - maxLines));
  const to = Math.min(lines.length, from + maxLines);
  return [
    from > 0 ? `… ${from} lines above` : '',
    ...lines.slice(from, to),
    to < lines.length ? `… ${lines.length - to} more lines` : '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

/** The pretty-printed body with each wanted field's value in place and its last line marked. */
function markedLines(value: unknown, wanted: string[]): string[] {
  const marked = JSON.stringify(
    withSentinels(
      value,
      wanted.map((p) => p.split('.')),
    ),
    null,
    2,
  ).split('\n');
  const out: string[] = [];
  for (const line of marked) {
    const m = /"@@failing-field@@(\d+)"/.exec(line);
    if (!m) {
      out.push(line);
      continue;
    }
    const real = JSON.stringify(valueAt(value, wanted[Number(m[1])]!).value, null, 2).split('\n');
    const at = line.indexOf(m[0]);
    const indent = /^\s*/.exec(line)![0];
    const block = real.map((l, i) => (i === 0 ? line.slice(0, at) + l : indent + l));
    block[block.length - 1] += `${line.slice(at + m[0].length)}   ◀ failing field`;
    out.push(...block);
  }
  return out;
}
