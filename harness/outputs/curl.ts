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
    else if (name !== 'accept' && name !== 'user-agent' && name !== 'accept-encoding') parts.push('-H', shellQuote(`${k}: ${redact(v)}`));
  }
  if (ex.requestBody !== undefined) parts.push('--data-raw', shellQuote(redactJsonText(ex.requestBody)));
  return parts.join(' ');
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
