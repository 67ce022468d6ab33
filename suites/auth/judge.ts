import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  describeResponse,
  isClientError,
  isSuccess,
  refusalMissing,
  unexpectedStatus,
} from '../../harness/checks/index.js';
import { fail, verdict } from '../common/judge.js';
import { deriveCredential, isForged, type BadCredential } from './credentials.js';
import { endpointName, isWrite } from './endpoints.js';
import { authControls, controlSamples, everyReadKinds, kindProbes, type KindProbes, type Probe } from './matrix.js';

/** Statuses grouped by value, e.g. { "401": 22 }. */
export function statusCounts(answers: readonly { res: ApiResponse }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { res } of answers) out[res.status] = (out[res.status] ?? 0) + 1;
  return out;
}

/** How each kind's probes were chosen, for the report. */
function probedLine(kind: BadCredential, n: number, m: KindProbes): string {
  if (!m.distributed) return `all ${m.endpoints}`;
  return everyReadKinds.includes(kind)
    ? `${n} of ${m.endpoints}: rate-limited run, every read, and the writes dealt to this credential with the seed`
    : `${n} of ${m.endpoints}: rate-limited run, each endpoint probed once by a kind of credential dealt with the seed`;
}

/**
 * §5.1: every endpoint the kind probed rejects the credential with a 4xx, never a 2xx or a 5xx.
 * Which 4xx is not shown (§7). Judged on the shared probes and controls, their answers cited. A
 * 4xx is evidence of a rejection only on a read the valid token was served: the writes are
 * harmless (empty arrays), so a 4xx there may be about the body; they can still fail, with a 2xx
 * or a 5xx. A credential this run cannot have is a skip (an optional input is missing: not
 * testable here) or inconclusive, never a failure.
 */
export async function judgeKind(ctx: CheckContext, kind: BadCredential): Promise<void> {
  const credential = deriveCredential(ctx, kind);
  if (!isForged(credential)) {
    const { why, setting } = credential;
    if (!credential.skip) ctx.inconclusive(why);
    ctx.skip(why, setting ? { kind: 'missing-setting', setting, message: why } : undefined);
  }
  if (credential.note) ctx.observe('credential', credential.note);
  const [m, controls] = await Promise.all([kindProbes(ctx, kind), authControls(ctx)]);
  await controlSamples(ctx);
  const mine = m.probes;
  // Each endpoint counted once: a request sent again (matrix.ts sentAgain) is judged, not counted.
  const probed = mine.filter((p) => !p.again).length;
  if (probed === 0) ctx.inconclusive('no endpoint was probed with this credential');
  const control = (p: Probe) => (isWrite(p.endpoint) ? undefined : controls[endpointName(p.endpoint)]);
  await ctx.cite(...mine.map((p) => p.res), ...mine.flatMap((p) => control(p) ?? []));
  ctx.observe('endpoints probed', probedLine(kind, probed, m));
  const again = mine.filter((p) => p.again).length;
  if (again) ctx.observe('sent again once answered', `${again} request(s)`);
  // A rate-limited run deals the endpoints among the kinds: the clause is judged on its share only.
  if (probed < m.endpoints)
    ctx.partial(
      `${probed} of ${m.endpoints} endpoints probed`,
      'the others went to other kinds of credential (a rate-limited run deals them; a run without rate limits probes every one)',
    );
  ctx.observe('statuses', statusCounts(mine));
  const shown = mine.filter((p) => {
    const c = control(p);
    return isClientError(p.res) && c !== undefined && isSuccess(c);
  });
  const unshown = mine.filter((p) => isClientError(p.res) && !shown.includes(p)).map((p) => endpointName(p.endpoint));
  if (unshown.length)
    ctx.observe('4xx that prove less (a harmless write, or a read the valid token was not served either)', unshown);
  verdict(
    ctx,
    mine
      .filter(({ res }) => !isClientError(res))
      .map(({ endpoint, res, again }) => {
        const what = `${endpointName(endpoint)}${again ? ' (the same request sent again)' : ''}`;
        return isSuccess(res) ? refusalMissing(res, what, 'a 4xx status') : unexpectedStatus(res, 'a 4xx status', what);
      }),
    `a request with the ${kind} credential was not rejected with a 4xx`,
    shown.length,
    `read(s) rejected with the ${kind} credential that the valid token was served`,
  );
}

/**
 * §5.2: a write whose JSON body went with an application/json Content-Type is taken as JSON:
 * never 415, never 5xx. Another refusal is the create rules' business: inconclusive.
 */
export function judgeJsonWrite(ctx: CheckContext, res: ApiResponse, what: string): void {
  if (res.status === 415 || res.status >= 500)
    fail('a JSON body was not taken as JSON', unexpectedStatus(res, 'neither 415 nor a 5xx', what));
  if (!isSuccess(res))
    ctx.inconclusive(`${what} was refused for another reason (${describeResponse(res)}); the create checks judge that`);
  ctx.saw(1, `${what} accepted as JSON (HTTP ${res.status})`);
}
