import { Pool } from 'undici';
import { transportFaultKind } from './retry-policy.js';

export interface UpstreamRequest {
  method: string;
  /** Path and query, e.g. /v2/items?page=1 */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export type UpstreamResult =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: Buffer }
  | { kind: 'error'; code: string; message: string };

/**
 * The proxy's keep-alive pool to one target origin. Every attempt has its own timeout
 * (REQUEST_TIMEOUT_MS): connect, headers and body alike.
 */
export class Upstream {
  private readonly pool: Pool;
  constructor(
    origin: string,
    connections: number,
    private readonly timeoutMs: number,
  ) {
    // Idle sockets are dropped before a typical server (5 s) drops them, so a write rarely meets a dead socket.
    this.pool = new Pool(origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 4_000,
      connect: { timeout: timeoutMs },
    });
  }

  async send(req: UpstreamRequest): Promise<UpstreamResult> {
    try {
      const res = await this.pool.request({
        method: req.method as 'GET',
        path: req.path,
        headers: req.headers,
        body: req.body,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: AbortSignal.timeout(this.timeoutMs + 1_000),
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      return { kind: 'response', status: res.statusCode, headers, body };
    } catch (err) {
      const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
      const code = e.code ?? e.cause?.code ?? e.name ?? 'ERROR';
      // Say what happened in the user's terms, not undici's ("Headers Timeout Error").
      const kind = transportFaultKind(code);
      const message =
        kind === 'timeout'
          ? `no answer within REQUEST_TIMEOUT_MS (${this.timeoutMs} ms)`
          : kind === 'connection'
            ? `the connection failed (${code}${e.cause?.message && e.cause.message !== e.message ? `: ${e.cause.message}` : e.message && !e.message.includes(code) ? `: ${e.message}` : ''})`
            : e.message;
      return { kind: 'error', code, message };
    }
  }

  close(): Promise<void> {
    return this.pool.close().catch(() => undefined);
  }
}
