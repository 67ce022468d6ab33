import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { ContractViolation, describeResponse, isClientError, isSuccess } from '../../harness/checks/index.js';
import { verdict } from '../common/judge.js';
import type { BadCredential } from './credentials.js';
import { endpointName } from './endpoints.js';
import { authMatrix } from './matrix.js';

/** Statuses grouped by value, e.g. { "401": 22 }. */
export function statusCounts(answers: readonly { res: ApiResponse }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { res } of answers) out[res.status] = (out[res.status] ?? 0) + 1;
  return out;
}

/**
 * §5.1: every endpoint the kind probed rejects the credential with a 4xx, never a 2xx or a 5xx.
 * Which 4xx is not shown (§7). Judged on the shared matrix, its answers cited.
 */
export async function judgeKind(ctx: CheckContext, kind: BadCredential): Promise<void> {
  const m = await authMatrix(ctx);
  const credential = m.credentials[kind];
  if (typeof credential === 'string') ctx.inconclusive(credential);
  if (credential.note) ctx.observe('credential', credential.note);
  const mine = m.probes.filter((p) => p.kind === kind);
  if (mine.length === 0) ctx.inconclusive('no endpoint was probed with this credential');
  await ctx.cite(...mine.map((p) => p.res));
  ctx.observe(
    'endpoints probed',
    m.distributed ? `${mine.length} of ${m.endpoints}: rate-limited run, each endpoint probed once, by a kind of credential dealt with the seed` : `all ${m.endpoints}`,
  );
  const weak = mine.filter((p) => p.endpoint.unknownId).map((p) => endpointName(p.endpoint));
  if (weak.length) ctx.observe('read by an unknown id (no real one found): a 4xx there proves less', weak);
  ctx.observe('statuses', statusCounts(mine));
  verdict(
    ctx,
    mine.filter(({ res }) => !isClientError(res)).map(({ endpoint, res }) => `${endpointName(endpoint)}: ${describeResponse(res)}`),
    `a request with the ${kind} credential was not rejected with a 4xx`,
    mine.length,
    `endpoint(s) rejected the ${kind} credential with a 4xx`,
  );
}

/**
 * §5.2: a write whose JSON body went with an application/json Content-Type is taken as JSON:
 * never 415, never 5xx. Another refusal is the create rules' business: inconclusive.
 */
export function judgeJsonWrite(ctx: CheckContext, res: ApiResponse, what: string): void {
  if (res.status === 415 || res.status >= 500) throw new ContractViolation(`${what}: ${describeResponse(res)}`);
  if (!isSuccess(res)) ctx.inconclusive(`${what} was refused for another reason (${describeResponse(res)}); the create checks judge that`);
  ctx.saw(1, `${what} accepted as JSON (HTTP ${res.status})`);
}
