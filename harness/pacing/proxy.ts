import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RETRIES_HEADER, TRANSPORT_ERROR_HEADER } from '../errors.js';
import { redact, REDACTED } from '../redact.js';
import type { Coordinator } from '../coordination/coordinator.js';
import type { Forwarder } from './forwarder.js';
import { CHECK_HEADER, INTERNAL_HEADER } from './headers.js';
import type { PacingCounters } from './stats.js';


const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length']);
const MAX_BODY = 16 * 1024 * 1024;

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
}

/** Writes one transport failure back to the worker; harness/client.ts turns it into a TransportError. */
function refuse(res: ServerResponse, reason: string, retries = 0): void {
  const value = redact(reason).replace(/[^\x20-\x7e]+/g, ' ').slice(0, 500);
  res.writeHead(502, { [TRANSPORT_ERROR_HEADER]: value, [RETRIES_HEADER]: String(retries), 'content-length': 0 });
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
    req.on('end', () => (size > MAX_BODY ? reject(new Error(`request body over ${MAX_BODY} bytes`)) : resolve(Buffer.concat(chunks))));
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
    if (this.closedReason && !internal) return refuse(res, this.closedReason);
    if (this.o.readonly && method !== 'GET') {
      // Safety net behind the 'write' need: in read-only mode nothing but GET leaves the harness.
      this.o.counters.refusedInReadonly += 1;
      return refuse(res, `read-only mode: the harness refused to send ${method} ${(req.url ?? '').split('?')[0]}`);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || HOP_BY_HOP.has(k) || k === CHECK_HEADER || k === INTERNAL_HEADER) continue;
      headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '');
    const real = bearer ? this.o.credentials.get(bearer[1]!) : undefined;
    if (real) headers.authorization = `Bearer ${await real()}`;

    const tag = typeof req.headers[CHECK_HEADER] === 'string' ? req.headers[CHECK_HEADER] : undefined;
    if (tag) coordinator.admission.spent(tag, method === 'GET' ? 'get' : 'write');
    const out = await this.o.forwarder.forward(
      { method, path: req.url ?? '/', headers, body: body.length || method !== 'GET' ? body : undefined },
      internal ? 0 : coordinator.admission.priorityOf(tag),
    );
    if (out.transportError) return refuse(res, out.transportError, out.retries);
    const secrets = this.o.secrets();
    const payload = scrub(out.body, secrets);
    const resHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(out.headers)) if (!HOP_BY_HOP.has(k)) resHeaders[k] = secrets.some((s) => v.includes(s)) ? redact(v) : v;
    resHeaders[RETRIES_HEADER] = String(out.retries);
    resHeaders['content-length'] = String(payload.length);
    res.writeHead(out.status, resHeaders);
    res.end(payload);
  }
}
