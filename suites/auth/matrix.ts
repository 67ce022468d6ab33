import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { credentialKinds, deriveCredential, isForged, type BadCredential, type Derived } from './credentials.js';
import { endpointMatrix, endpointName, isWrite, type Endpoint } from './endpoints.js';
import { isSuccess } from '../../harness/checks/index.js';
import { seededFaker } from '../../generators/random.js';
import { customerSample } from '../customers/fixtures.js';
import { itemSample } from '../items/fixtures.js';
import { levelList } from '../inventory-levels/fixtures.js';
import { poListSample } from '../purchase-orders/reads.js';
import { vehicleSample } from '../vehicles/fixtures.js';
import { realIds } from './real-ids.js';

/**
 * §5.1 against every endpoint of §4: one shared task per kind of bad credential (its probes), and
 * one for the controls (the same reads with the valid token). The strict auth clauses judge one
 * kind each; the observed AUTH-REJECTION-STATUS reads them all.
 *
 * Unlimited target (the mock): every kind against every endpoint.
 *
 * Rate-limited target (ctx.frugal), the deal:
 * - The token attacks (`everyReadKinds`: re-signed, without exp, alg none, stripped signature,
 *   claims as header, expired) each probe EVERY read. They test the verifier's own decisions
 *   (which alg it honours, whether it checks the signature and exp), and a route served by another
 *   stack may decide differently: an attack accepted on one route only is caught on that route,
 *   whatever the seed.
 * - The missing, malformed and tampered tokens are dealt over the reads, each read once,
 *   round-robin over a seeded shuffle. They test what every route's front door sees first; a
 *   route left without authentication is caught by whichever kind probes it.
 * - The writes (harmless: empty arrays) are dealt over every kind, each write once, so each kind
 *   probes one write at least where there are enough. A write route that accepts one attack only
 *   is caught in a run whose deal pairs them (the pairing rotates with SEED); writes are the
 *   scarcer budget (50 a minute), so the reads carry the every-route guarantee.
 */

export const everyReadKinds: readonly BadCredential[] = [
  'other-key',
  'no-exp',
  'alg-none',
  'stripped',
  'claims-as-header',
  'expired',
];

export interface Probe {
  kind: BadCredential;
  endpoint: Endpoint;
  res: ApiResponse;
  /** The same request sent again once the first was answered (a refusal that holds only the first time). */
  again?: boolean;
}

export interface KindProbes {
  probes: Probe[];
  /** Rate-limited run: the deal above instead of every endpoint. */
  distributed: boolean;
  /** Endpoints of the matrix (all of them, not only this kind's). */
  endpoints: number;
}

/** Which kind probes which endpoint: all pairs, or the rate-limited deal described above. */
export function deal(
  endpoints: readonly Endpoint[],
  kinds: readonly BadCredential[],
  distributed: boolean,
  seed: number,
): [BadCredential, Endpoint][] {
  if (kinds.length === 0) return [];
  if (!distributed) return kinds.flatMap((k) => endpoints.map((e): [BadCredential, Endpoint] => [k, e]));
  // Reproducible with SEED: the faker seeded for the deal draws the starts and the shuffles.
  const f = seededFaker(seed, 'auth-deal');
  const roundRobin = (es: readonly Endpoint[], ks: readonly BadCredential[]): [BadCredential, Endpoint][] => {
    if (ks.length === 0) return [];
    const start = f.number.int({ min: 0, max: ks.length - 1 });
    return f.helpers.shuffle([...es]).map((e, i): [BadCredential, Endpoint] => [ks[(start + i) % ks.length]!, e]);
  };
  const reads = endpoints.filter((e) => !isWrite(e));
  const everyRead = kinds.filter((k) => everyReadKinds.includes(k));
  return [
    ...roundRobin(
      reads,
      kinds.filter((k) => !everyReadKinds.includes(k)),
    ),
    ...everyRead.flatMap((k) => reads.map((e): [BadCredential, Endpoint] => [k, e])),
    ...roundRobin(endpoints.filter(isWrite), kinds),
  ];
}

/** The kinds this run can send (a credential it could derive), in catalogue order: the deal is made over them. */
export function usableKinds(ctx: CheckContext): BadCredential[] {
  return credentialKinds.filter((k) => isForged(deriveCredential(ctx, k)));
}

/**
 * §5.1 holds for every request, not the first one only: the request without a token is sent again
 * once the first was answered, so a refusal that turns into a 2xx later on a route (a cached
 * refusal, a filter installed lazily) is seen. Every endpoint the kind probed on an unlimited
 * target; one read drawn with the seed under rate limits (one request more a run).
 */
export function sentAgain(kind: BadCredential, mine: readonly Endpoint[], frugal: boolean, seed: number): Endpoint[] {
  if (kind !== 'missing') return [];
  if (!frugal) return [...mine];
  const reads = mine.filter((e) => !isWrite(e));
  return reads.length ? [seededFaker(seed, 'auth-again').helpers.arrayElement(reads)] : [];
}

/** One kind's probes, sent once per run: the endpoints the deal gives it, with its credential. */
export function kindProbes(ctx: CheckContext, kind: BadCredential): Promise<KindProbes> {
  return ctx.shared(`auth:probes:${kind}`, async (s) => {
    const credential: Derived = deriveCredential(s, kind);
    if (!isForged(credential)) return credential.skip ? s.skip(credential.why) : s.inconclusive(credential.why);
    const endpoints = endpointMatrix(s, await realIds(s));
    const mine = deal(endpoints, usableKinds(s), s.frugal, s.seed)
      .filter(([k]) => k === kind)
      .map(([, e]) => e);
    const client = s.as(credential.token);
    const send = (e: Endpoint) => client.request({ method: e.method, path: e.path, query: e.query, body: e.body });
    const answers = await Promise.all(mine.map(send));
    const probes: Probe[] = mine.map((endpoint, i) => ({ kind, endpoint, res: answers[i]! }));
    const again = sentAgain(kind, mine, s.frugal, s.seed);
    const repeats = await Promise.all(again.map(send));
    return {
      probes: [...probes, ...again.map((endpoint, i): Probe => ({ kind, endpoint, res: repeats[i]!, again: true }))],
      distributed: s.frugal,
      endpoints: endpoints.length,
    };
  });
}

/**
 * The matrix's reads with the valid token, by endpoint name: a bad credential's 4xx shows a
 * rejection only where the valid token was served (else the read itself may be what failed).
 */
export function authControls(ctx: CheckContext): Promise<Record<string, ApiResponse>> {
  return ctx.shared('auth:controls', async (s) => {
    const reads = endpointMatrix(s, await realIds(s)).filter((e) => !isWrite(e));
    const answers = await Promise.all(
      reads.map(
        async (e) =>
          (await sampleServed(s, endpointName(e))) ?? s.api.request({ method: e.method, path: e.path, query: e.query }),
      ),
    );
    return Object.fromEntries(reads.map((e, i) => [endpointName(e), answers[i]!]));
  });
}

/**
 * Lists other areas read anyway with the valid token (realIds reads most of them already): a 2xx
 * there shows the route serves that token as well as a control of its own would, at no request.
 * Only plain reads: a sample whose making writes (the appointment requests') is not pulled in.
 */
const samples: Record<string, (ctx: CheckContext) => Promise<ApiResponse>> = {
  'GET /vehicles': vehicleSample,
  'GET /items': itemSample,
  'GET /customers': customerSample,
  'GET /inventoryLevels': levelList,
  'GET /purchaseOrders': poListSample,
};

/** The samples through this check's own context, so that the controls taken from them can be cited. */
export const controlSamples = (ctx: CheckContext) =>
  Promise.all(Object.values(samples).map((read) => read(ctx).catch(() => undefined)));

async function sampleServed(ctx: CheckContext, route: string): Promise<ApiResponse | undefined> {
  const res = await samples[route]?.(ctx).catch(() => undefined);
  return res && isSuccess(res) ? res : undefined;
}
