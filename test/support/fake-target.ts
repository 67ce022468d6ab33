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
