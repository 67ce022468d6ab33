import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RETRIES_HEADER, TRANSPORT_ERROR_HEADER } from '../core/errors.js';
import type { RecordedExchange } from '../core/events.js';
import { redact, REDACTED, redactHeaders, redactJsonText } from '../redact.js';
import type { Coordinator } from '../coordination/coordinator.js';
import type { Forwarder } from './forwarder.js';
import { BLOCKED_HEADER, CHECK_HEADER, EXCHANGE_HEADER, INTERNAL_HEADER } from './headers.js';
import type { PacingCounters } from './stats.js';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
]);
const MAX_BODY = 16 * 1024 * 1024;
/** Bodies kept whole per recorded exchange unless told otherwise (HAR_BODY_LIMIT): a failure's page must be in the bundle. */
export const DEFAULT_RECORDED_BODY_BYTES = 10 * 1024 * 1024;

/** A body as recorded: whole up to `limit` bytes, else its first `limit` bytes and how many were left out. */
export function clipBody(text: string, limit: number): { text: string; cutBytes?: number } {
  const bytes = Buffer.byteLength(text);
  if (bytes <= limit) return { text };
  // Cut on a character boundary: the kept part stays valid UTF-8.
  const kept = Buffer.from(text)
    .subarray(0, limit)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  const cutBytes = bytes - Buffer.byteLength(kept);
  return { text: `${kept}…[${cutBytes} more bytes: HAR_BODY_LIMIT]`, cutBytes };
}

export interface ProxyOptions {
  forwarder: Forwarder;
  counters: PacingCounters;
  /** Stand-in token → the current real token (see harness/auth/jwt.ts placeholderFor). */
  credentials: ReadonlyMap<string, () => Promise<string>>;
  readonly: boolean;
  /** Real secrets to mask should a target ever echo one back. */
  secrets: () => string[];
  internalKey: string;
  /** Shared tasks and admission for this target's workers (harness/coordination). */
  coordinator: Coordinator;
  /** The target's id, and its own origin (recorded URLs show it, never the proxy's). */
  targetId: string;
  publicOrigin: string;
  /** Every exchange forwarded or refused, redacted; the run's hub journals it. */
  record?: (ex: RecordedExchange) => void;
  /** Keep request and response bodies in the records (the fault self-check's many mocks do not). */
  recordBodies?: boolean;
  /** Bytes of a body kept in a record (HAR_BODY_LIMIT); longer ones are cut and say so. */
  bodyLimit?: number;
}

/** Where the exchange's time went: at the target, and in the proxy before and between attempts. */
type Spent = { serverMs: number; blockedMs: number };

interface Recording {
  id: string;
  answered(status: number, headers: Record<string, string>, payload: Buffer, retries: number, spent: Spent): void;
  failed(error: string, retries: number, spent?: Spent): void;
}

/** Writes one transport failure back to the worker; harness/client.ts turns it into a TransportError. */
function refuse(res: ServerResponse, reason: string, retries = 0, recording?: Recording, spent?: Spent): void {
  const value = redact(reason)
    .replace(/[^\x20-\x7e]+/g, ' ')
    .slice(0, 500);
  recording?.failed(reason, retries, spent);
  res.writeHead(502, {
    [TRANSPORT_ERROR_HEADER]: value,
    [RETRIES_HEADER]: String(retries),
    ...(spent ? { [BLOCKED_HEADER]: String(spent.blockedMs) } : {}),
    ...(recording ? { [EXCHANGE_HEADER]: recording.id } : {}),
    'content-length': 0,
  });
  res.end();
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () =>
      size > MAX_BODY ? reject(new Error(`request body over ${MAX_BODY} bytes`)) : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

function scrub(buf: Buffer, secrets: string[]): Buffer {
  let out = buf;
  for (const s of secrets) {
    if (out.indexOf(s) < 0) continue;
    out = Buffer.from(out.toString('utf8').split(s).join(REDACTED), 'utf8');
  }
  return out;
}

/**
 * The local proxy every worker's ApiClient talks to, for one target. It swaps stand-in tokens
 * for real ones, refuses non-GET requests in read-only mode, and hands each request to the
 * shared pacer and retry loop (Forwarder). Paths are forwarded unchanged to the target origin.
 */
export class PacingProxy {
  private server: Server | undefined;
  private closedReason: string | undefined;
  private workerRequests = 0;
  private drained: (() => void)[] = [];
  origin = '';

  constructor(private readonly o: ProxyOptions) {}

  async listen(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    // Longer than the workers' keep-alive, so an idle worker socket is never closed under a request.
    this.server.keepAliveTimeout = 65_000;
    this.server.requestTimeout = 0;
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(0, '127.0.0.1', () => resolve());
    });
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  /** From now on worker requests are refused (run interrupted); internal ones still pass. */
  shutOutWorkers(reason: string): void {
    this.closedReason = reason;
  }

  /** Resolves when no worker request is in the proxy, or after `timeoutMs`. */
  drain(timeoutMs: number): Promise<void> {
    if (this.workerRequests === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(resolve, timeoutMs);
      this.drained.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const internal = req.headers[INTERNAL_HEADER] === this.o.internalKey;
    if (!internal) this.workerRequests += 1;
    try {
      await this.serve(req, res, internal);
    } catch (err) {
      if (!res.headersSent) refuse(res, `pacing proxy: ${(err as Error).message}`);
      else res.destroy();
    } finally {
      if (!internal) {
        this.workerRequests -= 1;
        if (this.workerRequests === 0) for (const done of this.drained.splice(0)) done();
      }
    }
  }

  private async serve(req: IncomingMessage, res: ServerResponse, internal: boolean): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req);
    const coordinator = this.o.coordinator;
    // The workers' coordination requests are answered here and never reach the target.
    if (coordinator.handles(req.url ?? '')) return coordinator.serve(req.url ?? '', body, res);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || HOP_BY_HOP.has(k) || k === CHECK_HEADER || k === INTERNAL_HEADER) continue;
      headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    const tag = typeof req.headers[CHECK_HEADER] === 'string' ? req.headers[CHECK_HEADER] : undefined;
    const recording = this.recorder(req, method, headers, body, tag);
    if (this.closedReason && !internal) return refuse(res, this.closedReason, 0, recording);
    if (this.o.readonly && method !== 'GET') {
      // Safety net behind the 'write' need: in read-only mode nothing but GET leaves the harness.
      this.o.counters.refusedInReadonly += 1;
      return refuse(
        res,
        `read-only mode: the harness refused to send ${method} ${(req.url ?? '').split('?')[0]}`,
        0,
        recording,
      );
    }
    const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '');
    const real = bearer ? this.o.credentials.get(bearer[1]!) : undefined;

    if (tag) coordinator.admission.spent(tag, method === 'GET' ? 'get' : 'write');
    const clock = tag ? coordinator.times.of(tag) : undefined;
    clock?.enter();
    const out = await this.o.forwarder
      .forward(
        { method, path: req.url ?? '/', headers, body: body.length || method !== 'GET' ? body : undefined },
        internal ? 0 : coordinator.admission.priorityOf(tag),
        clock,
        real,
      )
      .finally(() => clock?.leave());
    const spent = { serverMs: out.serverMs, blockedMs: out.blockedMs };
    if (out.transportError) return refuse(res, out.transportError, out.retries, recording, spent);
    const secrets = this.o.secrets();
    const payload = scrub(out.body, secrets);
    const resHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(out.headers))
      if (!HOP_BY_HOP.has(k)) resHeaders[k] = secrets.some((s) => v.includes(s)) ? redact(v) : v;
    recording.answered(out.status, resHeaders, payload, out.retries, spent);
    resHeaders[RETRIES_HEADER] = String(out.retries);
    resHeaders[BLOCKED_HEADER] = String(out.blockedMs);
    resHeaders[EXCHANGE_HEADER] = recording.id;
    resHeaders['content-length'] = String(payload.length);
    res.writeHead(out.status, resHeaders);
    res.end(payload);
  }

  /** The record of one exchange, completed when it is answered or given up. */
  private recorder(
    req: IncomingMessage,
    method: string,
    headers: Record<string, string>,
    body: Buffer,
    tag: string | undefined,
  ): Recording {
    const id = randomBytes(6).toString('hex');
    const startedAt = new Date().toISOString();
    const started = performance.now();
    const bodies = this.o.recordBodies !== false;
    const limit = this.o.bodyLimit ?? DEFAULT_RECORDED_BODY_BYTES;
    const text = (b: Buffer) => (bodies && b.length ? clipBody(redactJsonText(b.toString('utf8')), limit) : undefined);
    const sent = text(body);
    const base = {
      id,
      owner: tag ?? 'unattributed',
      target: this.o.targetId,
      startedAt,
      method,
      url: redact(`${this.o.publicOrigin}${req.url ?? '/'}`),
      requestHeaders: redactHeaders(headers),
      ...(sent === undefined ? {} : { requestBody: sent.text }),
      ...(sent?.cutBytes ? { truncated: { request: sent.cutBytes } } : {}),
    };
    const done = (rest: Partial<RecordedExchange>, spent?: Spent) =>
      this.o.record?.({
        ...base,
        durationMs: Math.round(performance.now() - started),
        ...(spent ? { serverMs: spent.serverMs, blockedMs: spent.blockedMs } : {}),
        ...rest,
      });
    return {
      id,
      answered: (status, resHeaders, payload, retries, spent) => {
        const got = text(payload);
        const cut = got?.cutBytes ? { ...base.truncated, response: got.cutBytes } : base.truncated;
        done(
          {
            status,
            responseHeaders: redactHeaders(resHeaders),
            ...(got === undefined ? {} : { responseBody: got.text }),
            ...(cut ? { truncated: cut } : {}),
            ...(retries ? { retries } : {}),
          },
          spent,
        );
      },
      failed: (error, retries, spent) => done({ error: redact(error), ...(retries ? { retries } : {}) }, spent),
    };
  }
}
