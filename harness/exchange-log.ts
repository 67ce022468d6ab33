import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonlDir } from './jsonl.js';
import { threadId } from 'node:worker_threads';
import type { Exchange } from './client.js';
import { redact, redactHeaders, redactJsonText } from './redact.js';

/** One exchange as kept for evidence (HAR, certification links): already redacted. */
export interface RecordedExchange {
  id: string;
  clause: string;
  variant?: string;
  target: string;
  startedAt: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  durationMs?: number;
  retries?: number;
  error?: string;
  /** Set when a check cites an exchange a shared fixture made: evidence, not a request of its own. */
  citedFrom?: string;
}

const MAX_BODY = 64 * 1024;
const clip = (s: string) => (s.length > MAX_BODY ? `${s.slice(0, MAX_BODY)}…[${s.length - MAX_BODY} more characters]` : s);
const dirOf = (runDir: string) => join(runDir, 'exchanges');

/** Buffers a check's exchanges and appends them, redacted, to the worker's file. */
export class ExchangeLog {
  private readonly buffer: RecordedExchange[] = [];
  constructor(private readonly runDir: string, private readonly owner: { clause: string; variant?: string; target: string }) {}

  record(ex: Exchange): void {
    this.buffer.push({
      id: ex.id,
      ...this.owner,
      startedAt: ex.startedAt,
      method: ex.request.method,
      url: redact(ex.request.url),
      requestHeaders: redactHeaders(ex.request.headers),
      requestBody: ex.request.body === undefined ? undefined : clip(redactJsonText(ex.request.body)),
      status: ex.response?.status,
      responseHeaders: ex.response ? redactHeaders(ex.response.headers) : undefined,
      responseBody: ex.response ? clip(redactJsonText(ex.response.text)) : undefined,
      durationMs: ex.response?.durationMs,
      retries: ex.response?.retries,
      error: ex.error === undefined ? undefined : redact(ex.error),
    });
  }

  /** An exchange a shared fixture recorded, kept again as this check's evidence. */
  cite(ex: RecordedExchange, from: string): void {
    this.buffer.push({ ...ex, ...this.owner, citedFrom: from });
  }

  /** The exchanges recorded since the last flush, as they will be written. */
  pending(): RecordedExchange[] {
    return [...this.buffer];
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    mkdirSync(dirOf(this.runDir), { recursive: true });
    appendFileSync(join(dirOf(this.runDir), `${process.pid}-${threadId}.jsonl`), this.buffer.map((e) => JSON.stringify(e)).join('\n') + '\n');
    this.buffer.length = 0;
  }
}

export function readExchanges(runDir: string): RecordedExchange[] {
  return readJsonlDir<RecordedExchange>(dirOf(runDir));
}
