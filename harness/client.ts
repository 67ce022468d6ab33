import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { RETRIES_HEADER, TRANSPORT_ERROR_HEADER, TransportError } from './core/errors.js';
import { EXCHANGE_HEADER, QUEUE_GAVE_UP } from './pacing/headers.js';
import { transportFaultKind } from './pacing/retry-policy.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

export interface ApiRequest {
  method: Method;
  /** Path relative to the base URL, e.g. '/items' or `/items/${id}`. */
  path: string;
  query?: Query;
  /** Serialised as JSON with Content-Type: application/json (§5.2). */
  body?: unknown;
  /** Sent as-is, for malformed-body checks. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed body, or undefined when the body is not JSON. */
  json: unknown;
  durationMs: number;
  /** Retries the pacing layer made for this exchange. */
  retries: number;
  /** Id of the exchange the pacing proxy journaled, so a check can cite a response it judged (shared fixtures). */
  exchangeId?: string;
  /** The URL the exchange sent, query included: a judge reads the parameters it judges back from it. */
  url?: string;
}

export interface Exchange {
  id: string;
  request: { method: Method; url: string; headers: Record<string, string>; body?: string };
  response?: ApiResponse;
  error?: string;
  startedAt: string;
}

export type ExchangeObserver = (exchange: Exchange) => void | Promise<void>;

export interface ClientOptions {
  baseUrl: string;
  /** null: send no Authorization header. */
  token: string | null;
  timeoutMs: number;
  connections?: number;
  /**
   * Sent on the wire but not part of the recorded exchange: the pacing proxy's own headers
   * (harness/pacing/headers.ts), e.g. the check tag by which it serves earlier checks first.
   */
  wireHeaders?: Record<string, string>;
  observers?: ExchangeObserver[];
}

const pools = new Map<string, Pool>();

/** One keep-alive pool per origin, shared by every client of the process. */
function poolFor(origin: string, connections: number): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections, keepAliveTimeout: 10_000, pipelining: 1 });
    pools.set(origin, pool);
  }
  return pool;
}

export async function closePools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close().catch(() => undefined)));
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const one of v) url.searchParams.append(k, String(one));
    else url.searchParams.append(k, String(v));
  }
  return url.toString();
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export class ApiClient {
  private readonly wireHeaders: Record<string, string>;
  constructor(readonly options: ClientOptions) {
    this.wireHeaders = options.wireHeaders ?? {};
  }

  /** The same client with another credential (null for none). */
  withToken(token: string | null): ApiClient {
    return new ApiClient({ ...this.options, token });
  }

  get(path: string, query?: Query): Promise<ApiResponse> {
    return this.request({ method: 'GET', path, query });
  }
  post(path: string, body: unknown, query?: Query): Promise<ApiResponse> {
    return this.request({ method: 'POST', path, body, query });
  }
  put(path: string, body: unknown, query?: Query): Promise<ApiResponse> {
    return this.request({ method: 'PUT', path, body, query });
  }
  patch(path: string, body: unknown, query?: Query): Promise<ApiResponse> {
    return this.request({ method: 'PATCH', path, body, query });
  }

  /**
   * A check may start several requests and await them later: the returned promise is marked as
   * handled at once, so a transport failure of one not yet awaited is not an unhandled rejection
   * (a run error) but still rejects for whoever awaits it.
   */
  request(req: ApiRequest): Promise<ApiResponse> {
    const pending = this.exchange(req);
    pending.catch(() => undefined);
    return pending;
  }

  private async exchange(req: ApiRequest): Promise<ApiResponse> {
    const url = buildUrl(this.options.baseUrl, req.path, req.query);
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (this.options.token !== null) headers.authorization = `Bearer ${this.options.token}`;
    const body = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const exchangeRequest: Exchange['request'] = { method: req.method, url, headers, body };
    const exchange: Exchange = {
      id: randomBytes(6).toString('hex'),
      request: exchangeRequest,
      startedAt: new Date().toISOString(),
    };
    try {
      const response = { ...(await this.send(exchangeRequest)), url };
      exchange.response = response;
      return response;
    } catch (err) {
      exchange.error = (err as Error).message;
      throw err;
    } finally {
      for (const observe of this.options.observers ?? []) await observe(exchange);
    }
  }

  private async send(r: Exchange['request']): Promise<ApiResponse> {
    const url = new URL(r.url);
    const pool = poolFor(url.origin, this.options.connections ?? 16);
    const started = performance.now();
    const timeout = this.options.timeoutMs;
    try {
      const res = await pool.request({
        method: r.method,
        path: url.pathname + url.search,
        headers: { ...r.headers, ...this.wireHeaders },
        body: r.body,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: AbortSignal.timeout(timeout + 1_000),
      });
      const text = await res.body.text();
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const transport = headers[TRANSPORT_ERROR_HEADER];
      // The run's own queue gave up: no request reached the target, so nothing is said of its answers.
      if (transport?.startsWith(QUEUE_GAVE_UP))
        throw new TransportError(`${r.method} ${url.pathname}: ${transport}`, transport);
      if (transport)
        throw new TransportError(`${r.method} ${url.pathname}: no answer from the target (${transport})`, transport);
      return {
        status: res.statusCode,
        headers,
        text,
        json: parseJson(text),
        durationMs: Math.round(performance.now() - started),
        retries: Number(headers[RETRIES_HEADER] ?? 0) || 0,
        ...(headers[EXCHANGE_HEADER] ? { exchangeId: headers[EXCHANGE_HEADER] } : {}),
      };
    } catch (err) {
      if (err instanceof TransportError) throw err;
      const e = err as Error & { code?: string };
      const code = e.code ?? e.name ?? 'ERROR';
      const what = transportFaultKind(code) === 'timeout' ? `no answer within ${timeout} ms` : e.message;
      throw new TransportError(`${r.method} ${url.pathname}: ${what} (${code})`, code);
    }
  }
}
