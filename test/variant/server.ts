import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMock, type MockOptions, type MockServer } from '../../mock/server.js';
import {
  transformations as variantChoices,
  type Answer,
  type Call,
  type Transformation,
  type TransformationId,
  type Upstream,
} from './transformations.js';

/**
 * A second conforming server: a proxy in front of a reference mock that applies the spec-silent
 * transformations of ./transformations.ts, so the suites are tried against other choices than
 * the mock's wherever the spec leaves the choice open.
 */
export interface VariantServer {
  /** Base URL with the version segment, like the mock's (§1). */
  url: string;
  /** The mock behind the proxy: its tokens and fixtures serve the variant too. */
  mock: MockServer;
  /** Exchanges each transformation changed so far. */
  applied: Record<TransformationId | string, number>;
  stop(): Promise<void>;
}

const VERSION_PREFIX = '/v2';
/** Hop-by-hop or recomputed headers, never forwarded as received. */
const dropped = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'expect']);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function forwardedHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || dropped.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function write(res: ServerResponse, answer: Answer, headers: Record<string, string> = {}): void {
  const payload = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
  const length = Buffer.byteLength(payload);
  res.writeHead(answer.status, {
    ...headers,
    ...(length ? { 'content-type': answer.contentType ?? 'application/json', 'content-length': String(length) } : {}),
    ...answer.headers,
  });
  res.end(payload);
}

/** A call another hook may change in place without touching the original. */
const copyOf = (c: Call): Call => ({ ...c, query: new URLSearchParams(c.query) });

/**
 * `rules` replaces the variant's own choices: the self-tests use it for stand-in servers that
 * break one thing (filters that always answer empty, a set with nothing in it).
 */
export async function startVariantServer(
  options: MockOptions = {},
  rules: readonly Transformation[] = variantChoices,
): Promise<VariantServer> {
  const transformations = rules;
  const mock = await startMock(options);
  const upstream = new URL(mock.url).origin;
  const applied: Record<string, number> = Object.fromEntries(transformations.map((t) => [t.id, 0]));

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', upstream);
    const raw = await readBody(req);
    const parsed = parseJson(raw.toString('utf8'));
    const call: Call = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname.startsWith(VERSION_PREFIX) ? url.pathname.slice(VERSION_PREFIX.length) : url.pathname,
      query: url.searchParams,
      body: parsed.ok ? parsed.value : undefined,
      headers: forwardedHeaders(req),
      sent: new URLSearchParams(url.searchParams),
    };
    let changed = false;
    let answered: Answer | undefined;
    // The mock asked directly, for transformations that answer a call themselves (re-filtered lists).
    const upstreamCall: Upstream = async (c) => {
      const u = new URL(`${upstream}${VERSION_PREFIX}${c.path}`);
      c.query.forEach((v, k) => u.searchParams.append(k, v));
      const headers = forwardedHeaders(req);
      if (c.body !== undefined) headers.set('content-type', 'application/json');
      const r = await fetch(u, {
        method: c.method,
        headers,
        body: c.body === undefined ? undefined : JSON.stringify(c.body),
        redirect: 'manual',
      });
      const text = await r.text();
      const json = parseJson(text);
      return { status: r.status, body: json.ok ? json.value : undefined };
    };
    // The server from transformation `from` on, for a copy of a call: its hooks, then the mock.
    const rest = async (from: number, c: Call): Promise<Answer> => {
      for (let i = from; i < transformations.length; i++) {
        const t = transformations[i]!;
        const outcome = t.request?.(c);
        if (outcome !== undefined && outcome !== false && outcome !== true) return outcome;
        const served = t.serve ? await t.serve(c, upstreamCall, (n) => rest(i + 1, copyOf(n))) : undefined;
        if (served !== undefined) return served;
      }
      return upstreamCall(c);
    };
    // In list order: a request hook may prepare the call a later serve answers (and the reverse).
    for (const [index, t] of transformations.entries()) {
      if (t.request) {
        const outcome = t.request(call);
        if (outcome !== false) {
          applied[t.id] = (applied[t.id] ?? 0) + 1;
          if (outcome === true) changed = true;
          else {
            answered = outcome;
            break;
          }
        }
      }
      if (t.serve) {
        const served = await t.serve(call, upstreamCall, (n) => rest(index + 1, copyOf(n)));
        if (served !== undefined) {
          applied[t.id] = (applied[t.id] ?? 0) + 1;
          answered = served;
          break;
        }
      }
    }

    // A request hook may rewrite the path (e.g. an id the variant shows in another form).
    const path = `${VERSION_PREFIX}${call.path}`;
    if (url.pathname !== path && url.pathname.startsWith(VERSION_PREFIX)) url.pathname = path;

    let original: Answer;
    let passHeaders: Record<string, string> = {};
    if (answered) original = answered;
    else {
      const up = await fetch(url, {
        method: call.method,
        headers: forwardedHeaders(req),
        // Query changes live in `url`; a parsed body is sent re-serialised only when a hook ran.
        body: raw.length === 0 ? undefined : changed && parsed.ok ? JSON.stringify(call.body) : raw,
        redirect: 'manual',
      });
      const text = await up.text();
      const retryAfter = up.headers.get('retry-after');
      if (retryAfter) passHeaders = { 'retry-after': retryAfter };
      const json = parseJson(text);
      if (!json.ok) {
        // Not JSON: passed through untouched.
        res.writeHead(up.status, { ...passHeaders, 'content-type': up.headers.get('content-type') ?? 'text/plain' });
        res.end(text);
        return;
      }
      original = { status: up.status, body: json.value };
    }

    let answer = original;
    for (const t of transformations) {
      if (!t.response) continue;
      const next = t.response(call, answer, original);
      if (next === undefined) continue;
      applied[t.id] = (applied[t.id] ?? 0) + 1;
      answer = next;
    }
    write(res, answer, passHeaders);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // A proxy fault, never a choice of the variant: a 502 the run reports as a transport problem.
      if (!res.headersSent) write(res, { status: 502, body: { error: `variant proxy: ${String(err)}` } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${VERSION_PREFIX}`,
    mock,
    applied,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mock.stop();
    },
  };
}
