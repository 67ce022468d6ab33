import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { describeResponse, expectNoViolations, isClientError } from '../../harness/checks/index.js';
import { deriveCredential, type BadCredential } from './credentials.js';
import { endpointMatrix, endpointName, type Endpoint, type RealIds } from './endpoints.js';
import { realIds } from './real-ids.js';

/** Sends every endpoint of the matrix at once with one credential. */
export async function sendEverywhere(ctx: CheckContext, token: string | null, ids: RealIds = {}): Promise<{ endpoint: Endpoint; res: ApiResponse }[]> {
  const client = ctx.as(token);
  const endpoints = endpointMatrix(ctx, ids);
  const answers = await Promise.all(endpoints.map((e) => client.request({ method: e.method, path: e.path, query: e.query, body: e.body })));
  return endpoints.map((endpoint, i) => ({ endpoint, res: answers[i]! }));
}

/** Statuses grouped by value, e.g. { "401": 22 }. */
export function statusCounts(answers: readonly { res: ApiResponse }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { res } of answers) out[res.status] = (out[res.status] ?? 0) + 1;
  return out;
}

/** §5.1: every endpoint rejects the credential with a 4xx: never a 2xx, never a 5xx. */
export async function expectRejectedEverywhere(ctx: CheckContext, kind: BadCredential): Promise<void> {
  const forged = deriveCredential(ctx, kind);
  if (typeof forged === 'string') return ctx.inconclusive(forged);
  if (forged.note) ctx.observe('credential', forged.note);
  const ids = await realIds(ctx);
  ctx.observe('read-by-id endpoints probed with a real id', Object.entries(ids).filter(([, v]) => v !== undefined).map(([k]) => k));
  const answers = await sendEverywhere(ctx, forged.token, ids);
  ctx.observe('statuses', statusCounts(answers));
  expectNoViolations(
    answers.filter(({ res }) => !isClientError(res)).map(({ endpoint, res }) => `${endpointName(endpoint)}: ${describeResponse(res)}`),
    `a request with a ${kind} token was not rejected with a 4xx`,
  );
}
