import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Claims } from '../../mock/auth.js';
import type { SeedFixtures } from '../../mock/seed/index.js';
import { startMock, type MockServer, type MockTokens } from '../../mock/server.js';
import { activeRecordsCarrying, type ActiveRecord } from './audit.js';
import { Gateway } from './auth.js';
import { choices } from './choices.js';
import { customerById, customerList } from './customers.js';
import { isPurchaseOrderPath, messageOf, poError, problem, refusal, refusalHeaders } from './errors.js';
import {
  forwardable,
  isObject,
  parseJson,
  readBody,
  send,
  upstream,
  type Answer,
  type UpstreamAnswer,
  type UpstreamRequest,
} from './http.js';
import { bulkIdFields, PublicIds, type IdKind } from './ids.js';
import { accepted, checkInventoryUpdate } from './inventory.js';
import { missingPrices } from './items.js';
import { Limits } from './limits.js';
import { drawMs, settingsFrom, type ProductionOptions, type Settings } from './options.js';
import { INVALID_PAGE, pageSize, pastTheEnd, totalOf } from './paging.js';
import { RecordingClock, Replication, ScriptedClock, type ReplicationStats } from './replication.js';
import { normalisedPath, routeOf, type Route } from './routes.js';
import { byVehicleId, normaliseVehicleWrite, vehiclePage, walkVehicles } from './vehicles.js';
import { writeAnswer } from './writes.js';

/**
 * A third conforming server that behaves like a production backend (test/production/README.md):
 * a gateway in front of two reference mocks of one seed, a primary and a lagging replica
 * (replication.ts), making the choices of choices.ts wherever the spec leaves one open.
 */
export interface ProductionServer {
  /** Base URL with the version segment (§1). */
  url: string;
  port: number;
  /** The backends' tokens: full, without the Purchase Orders permission, expired. */
  tokens: MockTokens;
  /** Fixture ids as clients see them (the customer by its UUID). */
  fixtures: SeedFixtures;
  settings: Settings;
  choices: typeof choices;
  primary: MockServer;
  replica: MockServer;
  replication: ReplicationStats;
  /** Resolves once every accepted write has reached the primary and the replica. */
  settled(): Promise<void>;
  /** Records carrying `marker` that are still active, read from the primary itself (audit.ts). */
  activeRecordsCarrying(marker: string): Promise<ActiveRecord[]>;
  stop(): Promise<void>;
}

export type { ActiveRecord, ProductionOptions };

/** A request the gateway has admitted: authenticated, within limits, below /v2. */
interface Call {
  /** Below /v2, normalised. */
  path: string;
  method: string;
  url: URL;
  raw: Buffer;
  /** The caller's headers, as a backend receives them. */
  headers: Record<string, string>;
  claims: Claims;
}

/** How an id in a path is named in a refusal. */
const idNames: Record<IdKind, string> = {
  vehicle: 'vehicleId',
  customer: 'customerId',
  item: 'itemId',
  purchaseOrder: 'id',
  appointmentRequest: 'requestRef',
};

export async function startProductionServer(options: ProductionOptions = {}): Promise<ProductionServer> {
  const settings = settingsFrom(options);
  const secret = randomBytes(32).toString('hex');
  const primaryClock = new RecordingClock();
  const replicaClock = new ScriptedClock();
  const backend = { seed: options.seed, secret, seedSizes: settings.seedSizes, faults: options.faults ?? [] };
  const [primary, replica] = await Promise.all([
    // The clocks replay the primary's reads on the replica: a Date header read after the answer
    // would land outside the tape on one side and not the other.
    startMock({ ...backend, now: primaryClock.now, clockInDateHeader: false }),
    startMock({ ...backend, now: replicaClock.now, clockInDateHeader: false }),
  ]);
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const toPrimary = upstream(new URL(primary.url).origin);
  const toReplica = upstream(new URL(replica.url).origin);
  const replication = new Replication(toPrimary.call, toReplica.call, primaryClock, replicaClock, () =>
    drawMs(settings.replicaLagMs),
  );
  const ids = new PublicIds();
  const gateway = new Gateway(secret);
  const limits = new Limits(settings.burstPerSecond, settings.perMinute);
  const deferred = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();

  /** A backend's refusal in this server's shapes (errors.ts), its ids shown as clients know them. */
  function fromBackend(path: string, up: UpstreamAnswer): Answer {
    const headers = refusalHeaders(up.status, up.headers);
    if (isPurchaseOrderPath(path) && isObject(up.json) && 'error' in up.json) {
      return { status: up.status, headers, body: ids.outgoing(JSON.parse(ids.outgoingText(up.text))) };
    }
    const message = ids.outgoingText(messageOf(up.json));
    return isPurchaseOrderPath(path) ? poError(up.status, message, headers) : problem(up.status, message, {}, headers);
  }

  const answerOf = (path: string, up: UpstreamAnswer): Answer =>
    up.status >= 400 ? fromBackend(path, up) : { status: up.status, body: ids.outgoing(up.json) };

  async function replayHeaders(headers: Record<string, string>, claims: Claims): Promise<Record<string, string>> {
    return { ...headers, authorization: `Bearer ${await gateway.replayToken(claims)}` };
  }

  async function list(
    route: Extract<Route, { kind: 'list' }>,
    path: string,
    url: URL,
    req: IncomingMessage,
    headers: Record<string, string>,
  ): Promise<Answer> {
    const query = new URLSearchParams(url.search);
    if (route.resource === 'vehicles' && query.get('customerId')) {
      const m = ids.backend('customer', query.get('customerId')!, 'customerId');
      if (!m.ok) return problem(400, m.message);
      query.set('customerId', m.id);
    }
    if (route.paged) {
      const tooLarge = pageSize(query, settings);
      if (tooLarge) return refusal(path, 400, tooLarge);
    }
    const read = (q: URLSearchParams) => toReplica.call({ method: 'GET', path: `/v2${path}?${q}`, headers });
    const page = Number(query.get('page') || 1);
    const size = Number(query.get('size'));
    // A search, and an order by the ids clients see, need the whole list: the gateway pages them.
    if (route.resource === 'vehicles' && ((query.get('search') ?? '').trim() || query.get('sort') === 'vehicleId')) {
      const bad = ['page', 'size'].find((n) => query.get(n) && !/^[1-9]\d{0,8}$/.test(query.get(n)!));
      if (bad) return problem(400, `${bad} must be a positive integer`);
      const found = await walkVehicles(query, read);
      if (!Array.isArray(found)) return fromBackend(path, found);
      const shown = ids.outgoing(found) as unknown[];
      const ordered = query.get('sort') === 'vehicleId' ? byVehicleId(shown, query.get('sortDirection')) : shown;
      if (pastTheEnd(query, ordered.length)) return { status: 404, body: INVALID_PAGE };
      return { status: 200, body: vehiclePage(ordered, page, size) };
    }
    const up = await read(query);
    if (up.status >= 400) return fromBackend(path, up);
    const total = route.paged ? totalOf(route.resource, up.json) : undefined;
    if (total !== undefined && pastTheEnd(query, total)) {
      return route.resource === 'purchaseOrders' ? poError(404, 'Invalid page.') : { status: 404, body: INVALID_PAGE };
    }
    const body = ids.outgoing(up.json);
    if (route.resource === 'customers') {
      const self = new URL(`http://${req.headers.host ?? 'localhost'}/v2${path}?${query}`);
      return customerList(body, self, page, size);
    }
    return { status: up.status, body };
  }

  async function get(
    route: Extract<Route, { kind: 'get' }>,
    path: string,
    url: URL,
    headers: Record<string, string>,
  ): Promise<Answer> {
    const m = ids.backend(route.idKind, route.id, idNames[route.idKind]);
    if (!m.ok) return refusal(path, 400, m.message);
    const up = await toPrimary.call({
      method: 'GET',
      path: `/v2/${route.resource}/${encodeURIComponent(m.id)}${url.search}`,
      headers,
    });
    if (route.resource === 'customers' && up.status === 200) return customerById(ids.outgoing(up.json));
    return answerOf(path, up);
  }

  /** The parsed body with its ids mapped to the backend's, or a refusal; no body when it is no JSON object (sent raw). */
  function mappedBody(path: string, raw: Buffer): { body?: Record<string, unknown>; refused?: Answer } {
    const body = parseJson(raw.toString('utf8'));
    if (!isObject(body)) return {};
    const spec = bulkIdFields[path];
    const bad = spec ? ids.incomingEntries(body, spec.array, spec.names) : undefined;
    return bad && !bad.ok ? { refused: problem(400, bad.message) } : { body };
  }

  async function write(route: Extract<Route, { kind: 'write' }>, c: Call): Promise<Answer> {
    const { path, method, url, raw, headers, claims } = c;
    const { body, refused } = mappedBody(path, raw);
    if (refused) return refused;
    if (body && route.resource === 'vehicles' && method !== 'PATCH') normaliseVehicleWrite(body);
    if (body && route.resource === 'items' && method === 'POST') {
      const unpriced = missingPrices(body);
      if (unpriced) return unpriced;
    }
    const request: UpstreamRequest = {
      method,
      path: `/v2${path}${url.search}`,
      headers,
      body: body ? JSON.stringify(body) : raw.toString('utf8'),
    };
    const up = await replication.write(request, { ...request, headers: await replayHeaders(headers, claims) });
    return up.status >= 400 ? fromBackend(path, up) : writeAnswer(route.resource, method, up, ids);
  }

  async function inventoryUpdate(c: Call): Promise<Answer> {
    const { path, url, raw, headers, claims } = c;
    const { body, refused } = mappedBody(path, raw);
    if (refused) return refused;
    if (!body) return problem(400, 'request body must be a JSON object');
    const verdict = await checkInventoryUpdate(body, new URLSearchParams(url.search), headers, toPrimary.call);
    if (!verdict.ok) return 'answer' in verdict ? verdict.answer : fromBackend(path, verdict.backend);
    const job: UpstreamRequest = {
      method: 'PUT',
      path: `/v2${path}${url.search}`,
      headers: await replayHeaders(headers, claims),
      body: JSON.stringify(body),
    };
    const applied = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        replication
          .write(job)
          .then(
            (up) =>
              up.status >= 400 &&
              console.warn(`[production] accepted inventory job refused: HTTP ${up.status} ${up.text.slice(0, 200)}`),
          )
          .catch((err: unknown) => console.warn(`[production] inventory job failed: ${String(err)}`))
          .finally(resolve);
      }, drawMs(settings.inventoryDelayMs));
      timers.add(timer);
    });
    deferred.add(applied);
    void applied.then(() => deferred.delete(applied));
    return accepted(verdict.count);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const reply = (a: Answer) => send(req, res, a, settings.gzipMinBytes);
    const raw = await readBody(req);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://production.local');
    } catch {
      return reply(problem(400, 'malformed request target'));
    }
    const path = normalisedPath(url.pathname);
    const shown = path ?? url.pathname;
    const claims = await gateway.claimsOf(req.headers.authorization);
    const wait = limits.take(claims ? `partner:${claims.sub}` : `address:${req.socket.remoteAddress ?? '?'}`, method);
    if (wait > 0) return reply(refusal(shown, 429, 'too many requests', { 'retry-after': String(wait) }));
    if (raw === 'too-large') return reply(refusal(shown, 413, 'request body exceeds 1 MB'));
    const headers = forwardable(req.headers);
    let route = routeOf(method, path);
    // §5.3, §7 row 9: without the permission every purchase-order request is the backend's 403.
    if (isPurchaseOrderPath(shown) && claims && !claims.permissions.includes('purchaseOrders'))
      route = { kind: 'passthrough' };
    if (route.kind === 'passthrough') {
      const body = raw.length ? raw.toString('utf8') : undefined;
      return reply(
        answerOf(shown, await toPrimary.call({ method, path: `${url.pathname}${url.search}`, headers, body })),
      );
    }
    if (!claims) return reply(refusal(shown, 401, 'missing or invalid access token', { 'www-authenticate': 'Bearer' }));
    const c: Call = { path: path!, method, url, raw, headers, claims };
    switch (route.kind) {
      case 'list':
        return reply(await list(route, c.path, url, req, headers));
      case 'get':
        return reply(await get(route, c.path, url, headers));
      case 'write':
        return reply(await write(route, c));
      case 'inventory-update':
        return reply(await inventoryUpdate(c));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[production] unexpected error', err);
      if (!res.headersSent) send(req, res, problem(500, 'internal error'), Infinity);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/v2`,
    port,
    tokens: primary.tokens,
    fixtures: { ...primary.fixtures, customerId: ids.shown('customer', primary.fixtures.customerId) },
    settings,
    choices,
    primary,
    replica,
    replication: replication.stats,
    async settled() {
      while (deferred.size) await Promise.all([...deferred]);
      await replication.settled();
    },
    activeRecordsCarrying: (marker) =>
      activeRecordsCarrying(toPrimary.call, {
        token: primary.tokens.full,
        companies: [primary.fixtures.companyId, primary.fixtures.otherCompanyId],
        since: startedAt,
        marker,
        ids,
      }),
    async stop() {
      for (const t of timers) clearTimeout(t);
      replication.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([toPrimary.close(), toReplica.close()]);
      await Promise.all([primary.stop(), replica.stop()]);
    },
  };
}
