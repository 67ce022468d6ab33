import type { RecordedExchange } from '../core/events.js';
import { redact, redactJsonText } from '../redact.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl line that reproduces a journaled exchange. The credential is never written: it reads
 * $ACCESS_TOKEN from the shell instead, so the line is runnable and safe to share.
 */
export function curlLine(ex: Pick<RecordedExchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>): string {
  const parts = ['curl', '-sS', '-X', ex.method, shellQuote(redact(ex.url))];
  for (const [k, v] of Object.entries(ex.requestHeaders)) {
    const name = k.toLowerCase();
    if (name === 'authorization') parts.push('-H', '"Authorization: Bearer $ACCESS_TOKEN"');
    else if (name !== 'accept' && name !== 'user-agent' && name !== 'accept-encoding')
      parts.push('-H', shellQuote(`${k}: ${redact(v)}`));
  }
  if (ex.requestBody !== undefined) parts.push('--data-raw', shellQuote(redactJsonText(ex.requestBody)));
  return parts.join(' ');
}

/**
 * The same command folded to `width` with backslash continuations, for a console that must not
 * wrap: a GET's query pairs as `-G -d 'k=v'` (sent as they are, so the bytes do not change), a
 * JSON body pretty-printed inside its quotes. Pasted into a shell, it runs as the one-line form.
 */
export function curlLines(
  ex: Pick<RecordedExchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>,
  width: number,
): string[] {
  const one = curlLine(ex);
  if (one.length <= width) return [one];
  const url = redact(ex.url);
  const q = url.indexOf('?');
  const groups: string[] = [];
  if (ex.method === 'GET' && q >= 0) {
    groups.push(`curl -sS -G ${shellQuote(url.slice(0, q))}`);
    for (const pair of url
      .slice(q + 1)
      .split('&')
      .filter(Boolean))
      groups.push(`-d ${shellQuote(pair)}`);
  } else groups.push(`curl -sS -X ${ex.method}`, shellQuote(url));
  for (const [k, v] of Object.entries(ex.requestHeaders)) {
    const name = k.toLowerCase();
    if (name === 'authorization') groups.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
    else if (name !== 'accept' && name !== 'user-agent' && name !== 'accept-encoding')
      groups.push(`-H ${shellQuote(`${k}: ${redact(v)}`)}`);
  }
  let body: string[] = [];
  if (ex.requestBody !== undefined) {
    const text = redactJsonText(ex.requestBody);
    let pretty = text;
    try {
      const lines = JSON.stringify(JSON.parse(text), null, 2);
      // A long batch stays on one line: forty lines of body would bury the failure.
      if (lines.split('\n').length <= 40) pretty = lines;
    } catch {
      /* not JSON: sent as recorded */
    }
    body = `--data-raw ${shellQuote(pretty)}`.split('\n');
  }
  const lines: string[] = [];
  let line = '';
  for (const g of groups) {
    if (line && line.length + 1 + g.length + 2 > width) {
      lines.push(`${line} \\`);
      line = `  ${g}`;
    } else line = line ? `${line} ${g}` : g;
  }
  if (body.length) {
    lines.push(`${line} \\`);
    lines.push(`  ${body[0]}`, ...body.slice(1));
  } else lines.push(line);
  return lines;
}

/** `GET /v2/items?companyId=…&page=1 → 200`: the request line as a reader scans it. */
export function requestLine(ex: Pick<RecordedExchange, 'method' | 'url' | 'status' | 'error'>): string {
  let path = ex.url;
  try {
    const u = new URL(ex.url);
    path = decodeURIComponent(u.pathname + u.search);
  } catch {
    /* not a URL: shown as recorded */
  }
  return `${ex.method} ${redact(path)} → ${ex.status ?? `no answer${ex.error ? ` (${ex.error})` : ''}`}`;
}
