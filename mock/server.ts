import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';
import { checkToken, mintToken, tokenKey, verifyToken } from './auth.js';
import type { FaultId } from './faults/index.js';
import { errorReply, HttpError, type Reply } from './http.js';
import { prng, type Knobs } from './knobs.js';
import { authLayer } from './layers/auth.js';
import { bodyLayer } from './layers/body.js';
import { chaosLayer } from './layers/chaos.js';
import { controlLayer, type LoggedRequest } from './layers/control.js';
import { handlerLayer } from './layers/handler.js';
import { jsonLayer } from './layers/json.js';
import { latencyLayer } from './layers/latency.js';
import { compose, layerNames, type Layer, type LayerName } from './layers/layer.js';
import { rateLimitLayer } from './layers/rate-limit.js';
import { routeLayer, VERSION_PREFIX } from './layers/route.js';
import { overlayLayers, overlayRoutes, type Overlay } from './overlay.js';
import { routes } from './routes.js';
import {
  fixtures,
  seededCompanies,
  seedSizesWith,
  type DataProfile,
  type SeedFixtures,
  type SeedSizeOptions,
} from './seed/index.js';
import { storeFrom, type Clock, type Store } from './store.js';
import type { TokenIssuer } from './types.js';

/** startMock: one mock instance's lifecycle, and the wiring of its layer chain (mock/README.md). */

export { MAX_BODY_BYTES } from './layers/body.js';
export type { LoggedRequest } from './layers/control.js';

export interface MockOptions {
  port?: number;
  host?: string;
  /** Seed of the generated data; the same seed gives the same records. */
  seed?: number;
  faults?: readonly (FaultId | string)[];
  knobs?: Partial<Knobs>;
  /** HS256 secret; random per instance unless given. */
  secret?: string;
  /** Records per company to seed; unset counts keep the mock's documented data (mock/README.md). */
  seedSizes?: SeedSizeOptions;
  /** Clock of the stored timestamps (createdDate, updatedDate…) and, when given, of the `Date` header; Date.now unless given. */
  now?: Clock;
  /** Whether the `Date` header shows `now` (default true); off where `now` replays a tape of reads. */
  clockInDateHeader?: boolean;
  /** How the seeded data are dated, spread, tied and split between the companies (mock/seed/profile.ts). */
  data?: DataProfile;
}

export interface MockTokens {
  /** All permissions, both seeded companies. */
  full: string;
  /** Same companies, without the Purchase Orders permission (§5.3). */
  noPo: string;
  /** Correctly signed, already expired. */
  expired: string;
}

export interface MockServer {
  /** Base URL including the version segment, e.g. http://127.0.0.1:4010/v2 (§1). */
  url: string;
  port: number;
  /** Seed of the generated data. */
  seed: number;
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

function send(res: ServerResponse, reply: Reply, clock?: Clock): void {
  if (res.writableEnded || res.destroyed) return;
  const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    // A server whose clock is not the harness's says so the only way HTTP has (RFC 9110 §6.6.1).
    ...(clock ? { date: new Date(clock()).toUTCString() } : {}),
    ...reply.headers,
  });
  res.end(payload);
}

/** The overlays of the faults asked; the fault catalogue (hundreds of generated faults) loads only then. */
async function overlaysOf(ids: readonly FaultId[]): Promise<Overlay[]> {
  if (!ids.length) return [];
  const { faultDef, isKnownFault } = await import('./faults/index.js');
  const unknown = ids.filter((f) => !isKnownFault(f));
  if (unknown.length) throw new Error(`unknown mock fault(s): ${unknown.join(', ')}`);
  return ids.flatMap((id) => {
    const overlay: Overlay | readonly Overlay[] = faultDef(id)!.overlay;
    return Array.isArray(overlay) ? overlay : [overlay as Overlay];
  });
}

export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  const faultIds = [...new Set(options.faults as FaultId[])];
  const overlays = await overlaysOf(faultIds);
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const key = tokenKey(secret);
  const seed = options.seed ?? 20260101;
  const seedData = await seededCompanies(seed, seedSizesWith(options.seedSizes), options.data);
  let store: Store = storeFrom(seedData, options.now);
  const knobs: Knobs = { latencyMs: 0, ...options.knobs };
  const requestLog: LoggedRequest[] = [];
  // Login routes (mock/resources/partners.ts): one partner pair per instance, derived from its secret.
  const issuer: TokenIssuer = {
    partner: {
      partnerId: 'partner-mock',
      authKey: createHmac('sha256', secret).update('auth-key').digest('base64url'),
    },
    accessTtlSeconds: () => knobs.accessTokenTtlSeconds ?? 3600,
    mint: (claims, ttlSeconds) => mintToken(key, { ...claims, ttlSeconds }),
    verify: (token) => verifyToken(key, token),
  };

  const reference: Record<LayerName, Layer> = {
    latency: latencyLayer(knobs),
    control: controlLayer(requestLog),
    chaos: chaosLayer(knobs, prng(seed ^ 0x5bd1e995)),
    'rate-limit': rateLimitLayer(knobs),
    body: bodyLayer(),
    route: routeLayer(overlayRoutes(routes, overlays)),
    auth: authLayer(checkToken(key)),
    json: jsonLayer(),
    handler: handlerLayer(() => store, issuer),
  };
  const layers = overlayLayers(new Map(layerNames.map((n) => [n, reference[n]])), overlays, { tokenKey: key });
  const run = compose(layerNames.map((n) => layers.get(n)!));

  const server: Server = createServer((req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = (req.url ?? '/').split('?')[0]!;
    const finish = (reply: Reply | undefined) => {
      if (!reply) return;
      requestLog.push({ method, path, status: reply.status });
      if (requestLog.length > 200_000) requestLog.splice(0, 100_000);
      send(res, reply, options.clockInDateHeader === false ? undefined : options.now);
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://mock.local');
    } catch {
      return finish(errorReply(400, 'malformed request target'));
    }
    run({ req, method, url }).then(finish, (err: unknown) => {
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

  const companies = [fixtures.companyId, fixtures.otherCompanyId];
  const [full, noPo, expired] = await Promise.all([
    mintToken(key, { sub: 'partner-mock', companies, permissions: ['purchaseOrders'], ttlSeconds: 7 * 86_400 }),
    mintToken(key, { sub: 'partner-mock-nopo', companies, permissions: [], ttlSeconds: 7 * 86_400 }),
    mintToken(key, {
      sub: 'partner-mock',
      companies,
      permissions: ['purchaseOrders'],
      ttlSeconds: 60,
      nowSeconds: Math.floor(Date.now() / 1000) - 7200,
    }),
  ]);

  return {
    url: `http://${host}:${port}${VERSION_PREFIX}`,
    port,
    seed,
    tokens: { full, noPo, expired },
    fixtures,
    faults: faultIds,
    knobs,
    partner: issuer.partner,
    requestLog,
    reset() {
      store = storeFrom(seedData, options.now);
      requestLog.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
