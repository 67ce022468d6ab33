import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticToken } from '../../harness/auth/session.js';
import { ApiClient } from '../../harness/client.js';
import { startPacing, type Pacing, type PacingOptions } from '../../harness/pacing/index.js';
import type { TargetInfo } from '../../harness/core/run-info.js';

export interface Seen {
  method: string;
  url: string;
  authorization?: string;
  headers: IncomingMessage['headers'];
}

/** A scriptable HTTP target for the pacing self-tests: `reply` decides each answer, `seen` logs each request. */
export async function fakeTarget(reply: (req: IncomingMessage, res: ServerResponse, n: number) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      headers: req.headers,
    });
    req.resume();
    req.on('end', () => reply(req, res, seen.length));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return {
    url,
    seen,
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A pacing proxy in front of `url`, and a client that talks to it the way workers do. */
export async function pacedClient(
  url: string,
  opts: Partial<PacingOptions> & { token?: string } = {},
): Promise<{ pacing: Pacing; target: TargetInfo; client: ApiClient }> {
  const pacing = startPacing({
    getPerMin: 0,
    writePerMin: 0,
    maxConcurrency: 8,
    requestTimeoutMs: 2_000,
    readonly: false,
    ...opts,
  });
  const target = await pacing.route({
    id: 'main',
    label: 'fake',
    kind: 'live',
    identity: url,
    publicUrl: url,
    token: staticToken(opts.token ?? 'real-secret-token-value'),
    companyId: 'cmp_test',
  });
  const client = new ApiClient({ baseUrl: target.baseUrl, token: target.token, timeoutMs: pacing.budgetMs + 5_000 });
  return { pacing, target, client };
}

/**
 * A target that answers a company it does not know the way some real backends do
 * (S-TEN-company-mismatch): 200 and an empty list on the lists, `400 {"error":"Unknown companyId"}`
 * on everything else. Every other request goes on to `upstream` (a reference mock) unchanged.
 * `writes` counts the requests other than GET it received, whoever they were for.
 */
export async function emptyForUnknownCompanies(upstream: string, known: readonly string[]) {
  const empty: Record<string, unknown> = {
    '/items': { content: [], totalCount: 0, totalPages: 0, number: 1, size: 1, empty: true },
    '/vehicles': { message: 'ok', results: { content: [], pagination: { page: 1, size: 1, total: 0 } } },
    '/customers': { content: [], total: 0 },
    '/purchaseOrders': { status: true, data: [], error: null },
    '/appointmentRequests': { content: [], total: 0 },
    '/inventoryLevels': { content: [], total: 0 },
  };
  let writes = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method !== 'GET') writes += 1;
      const url = new URL(req.url ?? '/', 'http://x');
      let company = url.searchParams.get('companyId') ?? undefined;
      try {
        company ??= (JSON.parse(body.toString() || '{}') as { companyId?: string }).companyId;
      } catch {
        // not JSON: forwarded as it is
      }
      if (company !== undefined && !known.includes(company)) {
        const path = url.pathname.replace(/^\/v2/, '');
        if (req.method === 'GET' && path in empty) return json(res, 200, empty[path]);
        return json(res, 400, { error: 'Unknown companyId' });
      }
      const headers = { ...req.headers };
      for (const h of ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']) delete headers[h];
      void fetch(`${upstream}${(req.url ?? '').replace(/^\/v2/, '')}`, {
        method: req.method,
        headers: headers as Record<string, string>,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
        .then(async (r) => {
          const out = Buffer.from(await r.arrayBuffer());
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
          res.end(out);
        })
        .catch(() => json(res, 502, { error: 'upstream' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
    writes: () => writes,
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
