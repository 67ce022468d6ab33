import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';
import { isJwtShaped, mintToken, verifyToken, type Claims } from './auth.js';
import type { RequestContext, TokenIssuer } from './context.js';
import { FaultSet, isFaultId, type FaultId } from './faults/index.js';
import { errorReply, HttpError, type Reply } from './http.js';
import { prng, TokenBucket, type Knobs } from './knobs.js';
import { Router, type Method } from './router.js';
import { routes } from './routes.js';
import { fixtures, seededCompanies, type SeedFixtures } from './seed/index.js';
import { storeFrom, type Store } from './store.js';

export const MAX_BODY_BYTES = 1024 * 1024;
const VERSION_PREFIX = '/v2';

export interface MockOptions {
  port?: number;
  host?: string;
  /** Seed of the generated data; the same seed gives the same records. */
  seed?: number;
  faults?: readonly (FaultId | string)[];
  knobs?: Partial<Knobs>;
  /** HS256 secret; random per instance unless given. */
  secret?: string;
}

export interface MockTokens {
  /** All permissions, both seeded companies. */
  full: string;
  /** Same companies, without the Purchase Orders permission (§5.3). */
  noPo: string;
  /** Correctly signed, already expired. */
  expired: string;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

export interface MockServer {
  /** Base URL including the version segment, e.g. http://127.0.0.1:4010/v2 (§1). */
  url: string;
  port: number;
  tokens: MockTokens;
  fixtures: SeedFixtures;
  faults: FaultId[];
  knobs: Knobs;
  /** PARTNER_ID / AUTH_KEY pair accepted by POST /v2/partners/login. */
  partner: { partnerId: string; authKey: string };
  requestLog: LoggedRequest[];
  /** Back to the seeded state; faults and knobs stay. */
  reset(): void;
  stop(): Promise<void>;
}

const router = new Router(routes);

/** Handlers clone and serialise bodies recursively: a deeper body would overflow the stack (found by test/mock-fuzz). */
const MAX_JSON_DEPTH = 64;

function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const x of Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.writableEnded || res.destroyed) return;
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...reply.headers,
  });
  res.end(payload);
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      total += c.length;
      if (total > MAX_BODY_BYTES) over = true;
      else if (!over) chunks.push(c);
    });
    req.on('end', () => resolve(over ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  const unknown = (options.faults ?? []).filter((f) => !isFaultId(f));
  if (unknown.length) throw new Error(`unknown mock fault(s): ${unknown.join(', ')}`);
  const faults = new FaultSet(options.faults as FaultId[]);
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const seed = options.seed ?? 20260101;
  const seedData = seededCompanies(seed);
  let store: Store = storeFrom(seedData);
  const knobs: Knobs = { latencyMs: 0, ...options.knobs };
  const random = prng(seed ^ 0x5bd1e995);
  const buckets = knobs.rateLimit
    ? {
        get: knobs.rateLimit.getPerMin > 0 ? new TokenBucket(knobs.rateLimit.getPerMin) : undefined,
        write: knobs.rateLimit.writePerMin > 0 ? new TokenBucket(knobs.rateLimit.writePerMin) : undefined,
      }
    : undefined;
  const requestLog: LoggedRequest[] = [];
  // Login routes (mock/resources/partners.ts): one partner pair per instance, derived from its secret.
  const issuer: TokenIssuer = {
    partner: { partnerId: 'partner-mock', authKey: createHmac('sha256', secret).update('auth-key').digest('base64url') },
    accessTtlSeconds: () => knobs.accessTokenTtlSeconds ?? 3600,
    mint: (claims, ttlSeconds) => mintToken(secret, { ...claims, ttlSeconds }),
    verify: (token) => verifyToken(secret, token),
  };
  const publicCaller: Claims = { sub: 'anonymous', companies: [], permissions: [], iat: 0, exp: 0 };
  const verified = new Map<string, Claims>();
  const companies = [fixtures.companyId, fixtures.otherCompanyId];

  /** Who a bypassed auth check serves (auth faults only): the default partner, full access. */
  const defaultPartner = (): Claims => ({ sub: 'partner-mock', companies, permissions: ['purchaseOrders'], iat: 0, exp: Number.MAX_SAFE_INTEGER });

  /** §5.1: a valid bearer JWT on every route. */
  const authorize = (header: string | undefined): Claims | undefined => {
    const m = /^Bearer ([^\s]+)$/i.exec(header ?? '');
    if (!m) return !header && faults.has('auth-missing-token-accepted') ? defaultPartner() : undefined;
    const token = m[1]!;
    const now = Math.floor(Date.now() / 1000);
    const cached = verified.get(token);
    if (cached && cached.exp > now) return cached;
    const v = verifyToken(secret, token, now, {
      checkSignature: !faults.has('auth-signature-not-verified'),
      checkExpiry: !faults.has('auth-expiry-not-checked'),
    });
    if (!v.ok) return faults.has('auth-malformed-token-accepted') && !isJwtShaped(token) ? defaultPartner() : undefined;
    if (verified.size > 10_000) verified.clear();
    verified.set(token, v.claims);
    return v.claims;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<Reply | undefined> => {
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://mock.local');
    } catch {
      return errorReply(400, 'malformed request target');
    }
    if (url.pathname === '/__mock/requests' && method === 'GET') {
      const byMethod: Record<string, number> = {};
      for (const r of requestLog) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
      return { status: 200, body: { total: requestLog.length, byMethod } };
    }
    if (method === 'GET' && knobs.chaos) {
      const roll = random();
      if (roll < knobs.chaos.resetRate) {
        req.socket.destroy();
        return undefined;
      }
      if (roll < knobs.chaos.resetRate + knobs.chaos.error503Rate) return errorReply(503, 'service unavailable (chaos)');
    }
    if (buckets) {
      const bucket = method === 'GET' ? buckets.get : buckets.write;
      const wait = bucket?.take() ?? 0;
      if (wait > 0) return errorReply(429, 'rate limit exceeded', { 'retry-after': String(wait) });
    }
    const body = await readBody(req);
    if (body === 'too-large') return errorReply(413, `request body exceeds ${MAX_BODY_BYTES} bytes`);
    if (!url.pathname.startsWith(`${VERSION_PREFIX}/`)) return errorReply(404, 'unknown route');
    const match = router.match(method, url.pathname.slice(VERSION_PREFIX.length));
    if (match === undefined) return errorReply(404, 'unknown route');
    if (match === 'method') return errorReply(405, `method ${method} not allowed on this route`);
    const claims = match.route.public ? publicCaller : authorize(req.headers.authorization);
    if (!claims) return errorReply(401, 'missing or invalid access token');
    // §5.2: application/json takes parameters too; the fault compares the header verbatim.
    if (faults.has('auth-json-charset-rejected') && body.length > 0 && /;\s*charset=/i.test(req.headers['content-type'] ?? '')) {
      return errorReply(415, 'Content-Type must be application/json');
    }
    let parsed: unknown;
    if (body.length > 0) {
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return errorReply(400, 'malformed JSON body');
      }
      if (nestedDeeperThan(parsed, MAX_JSON_DEPTH)) return errorReply(400, `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    const ctx: RequestContext = {
      method: method as Method,
      path: url.pathname,
      params: match.params,
      query: url.searchParams,
      body: parsed,
      claims,
      store,
      faults,
      issuer,
    };
    return match.route.handler(ctx);
  };

  const server: Server = createServer((req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = (req.url ?? '/').split('?')[0]!;
    const finish = (reply: Reply | undefined) => {
      if (!reply) return;
      const write = () => {
        requestLog.push({ method, path, status: reply.status });
        if (requestLog.length > 200_000) requestLog.splice(0, 100_000);
        send(res, reply);
      };
      if (knobs.latencyMs > 0) setTimeout(write, knobs.latencyMs);
      else write();
    };
    handle(req, res).then(finish, (err: unknown) => {
      if (err instanceof HttpError) return finish(err.reply);
      // A 5xx here is a bug in the mock: the fuzz test exists to keep this path unused.
      console.error('[mock] unexpected error', err);
      finish(errorReply(500, 'internal error'));
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';

  const tokens: MockTokens = {
    full: mintToken(secret, { sub: 'partner-mock', companies, permissions: ['purchaseOrders'], ttlSeconds: 7 * 86_400 }),
    noPo: mintToken(secret, { sub: 'partner-mock-nopo', companies, permissions: [], ttlSeconds: 7 * 86_400 }),
    expired: mintToken(secret, { sub: 'partner-mock', companies, permissions: ['purchaseOrders'], ttlSeconds: 60, nowSeconds: Math.floor(Date.now() / 1000) - 7200 }),
  };

  return {
    url: `http://${host}:${port}${VERSION_PREFIX}`,
    port,
    tokens,
    fixtures,
    faults: faults.list(),
    knobs,
    partner: issuer.partner,
    requestLog,
    reset() {
      store = storeFrom(seedData);
      requestLog.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
