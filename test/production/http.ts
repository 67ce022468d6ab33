import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Pool } from 'undici';

/** What the server answers: a JSON body (or none), with its status and extra headers. */
export interface Answer {
  status: number;
  /** Parsed JSON; undefined for an empty body. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One of the two backends (primary or replica) asked directly. */
export interface UpstreamRequest {
  method: string;
  /** Path below the origin, with /v2 and the query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface UpstreamAnswer {
  status: number;
  /** Parsed JSON, when the body was JSON. */
  json: unknown;
  text: string;
  headers: Record<string, string>;
}

export type Upstream = (req: UpstreamRequest) => Promise<UpstreamAnswer>;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A keep-alive pool to one backend; its answers read whole. */
export function upstream(origin: string): { call: Upstream; close(): Promise<void> } {
  const pool = new Pool(origin, { connections: 16, pipelining: 1 });
  return {
    async call(req) {
      const r = await pool.request({
        method: req.method as 'GET',
        path: req.path,
        headers: req.headers,
        body: req.body,
      });
      const text = await r.body.text();
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string') headers[k] = v;
      return { status: r.statusCode, json: parseJson(text), text, headers };
    },
    close: () => pool.close(),
  };
}

/** Bodies over this are refused before anyone reads them (the mock's limit too). */
export const MAX_BODY_BYTES = 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (c: Buffer) => {
      total += c.length;
      if (total <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(total > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Hop-by-hop or recomputed headers: never passed to a backend. */
const dropped = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'expect',
  'accept-encoding',
  'te',
  'upgrade',
]);

export function forwardable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && !dropped.has(k)) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** True when Accept-Encoding admits gzip (an explicit q=0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((s) => s.trim());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Writes an answer; a body of `gzipMinBytes` or more is gzipped when the request accepts it. */
export function send(req: IncomingMessage, res: ServerResponse, answer: Answer, gzipMinBytes: number): void {
  if (res.writableEnded || res.destroyed) return;
  const payload = answer.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(answer.body));
  const headers: Record<string, string> = { ...answer.headers };
  if (payload.length > 0) headers['content-type'] = answer.contentType ?? 'application/json';
  let out = payload;
  if (payload.length >= gzipMinBytes) {
    headers.vary = 'Accept-Encoding';
    if (acceptsGzip(req.headers['accept-encoding'])) {
      out = gzipSync(payload);
      headers['content-encoding'] = 'gzip';
    }
  }
  // 204 and 304 carry no body and no length (RFC 9110).
  if (answer.status !== 204 && answer.status !== 304) headers['content-length'] = String(out.length);
  res.writeHead(answer.status, headers);
  res.end(answer.status === 204 ? undefined : out);
}
