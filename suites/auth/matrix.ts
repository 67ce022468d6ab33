import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { deriveCredential, type BadCredential, type Forged } from './credentials.js';
import { endpointMatrix, endpointName, isWrite, type Endpoint } from './endpoints.js';
import { realIds } from './real-ids.js';

/**
 * §5.1 against every endpoint of §4, as ONE shared task per run judged by the four strict clauses
 * (one per kind of bad credential) and the observed AUTH-REJECTION-STATUS.
 *
 * Unlimited target (the mock): every kind against every endpoint. Rate-limited target
 * (ctx.frugal): every endpoint exactly once, by one kind, dealt round-robin over a seeded
 * shuffle of the GETs and of the writes, so each kind probes at least one GET and one write where
 * there are enough, and the pairing rotates from run to run with SEED. A route left without
 * authentication is still caught by whichever kind probes it; a fault of the token verification
 * (central) by every endpoint its kind probes.
 */

export const credentialKinds: readonly BadCredential[] = ['missing', 'malformed', 'bad-signature', 'expired'];

export interface Probe {
  kind: BadCredential;
  endpoint: Endpoint;
  res: ApiResponse;
}

export interface AuthMatrix {
  /** Each kind's credential, or why it could not be derived from the configured token. */
  credentials: Record<BadCredential, Forged | string>;
  probes: Probe[];
  /**
   * The same reads with the valid token, by endpoint name: a bad credential's 4xx shows a
   * rejection only where the valid token was served (else the read itself may be what failed).
   */
  controls: Record<string, ApiResponse>;
  /** Each endpoint probed by one kind only (rate-limited run). */
  distributed: boolean;
  endpoints: number;
}

/** A small seeded generator (mulberry32), so the deal is reproducible with SEED. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(xs: readonly T[], next: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Which kind probes which endpoint: all pairs, or each endpoint once (dealt per method class). */
export function deal(endpoints: readonly Endpoint[], kinds: readonly BadCredential[], distributed: boolean, seed: number): [BadCredential, Endpoint][] {
  if (kinds.length === 0) return [];
  if (!distributed) return kinds.flatMap((k) => endpoints.map((e): [BadCredential, Endpoint] => [k, e]));
  const next = random(seed);
  const start = Math.floor(next() * kinds.length);
  const round = (es: readonly Endpoint[]) => shuffled(es, next).map((e, i): [BadCredential, Endpoint] => [kinds[(start + i) % kinds.length]!, e]);
  return [...round(endpoints.filter((e) => !isWrite(e))), ...round(endpoints.filter(isWrite))];
}

export function authMatrix(ctx: CheckContext): Promise<AuthMatrix> {
  return ctx.shared('auth:matrix', async (s) => {
    const credentials = Object.fromEntries(credentialKinds.map((k) => [k, deriveCredential(s, k)])) as Record<BadCredential, Forged | string>;
    const usable = credentialKinds.filter((k) => typeof credentials[k] !== 'string');
    const endpoints = endpointMatrix(s, await realIds(s));
    const pairs = deal(endpoints, usable, s.frugal, s.seed);
    const reads = endpoints.filter((e) => !isWrite(e));
    const [answers, controls] = await Promise.all([
      Promise.all(pairs.map(([kind, e]) => s.as((credentials[kind] as Forged).token).request({ method: e.method, path: e.path, query: e.query, body: e.body }))),
      Promise.all(reads.map((e) => s.api.request({ method: e.method, path: e.path, query: e.query }))),
    ]);
    return {
      credentials,
      probes: pairs.map(([kind, endpoint], i) => ({ kind, endpoint, res: answers[i]! })),
      controls: Object.fromEntries(reads.map((e, i) => [endpointName(e), controls[i]!])),
      distributed: s.frugal,
      endpoints: endpoints.length,
    };
  });
}
