import { ApiClient, type ApiResponse } from '../client.js';
import { ConfigError, TransportError } from '../core/errors.js';
import type { TargetInfo } from '../core/run-info.js';
import { CHECK_HEADER } from '../pacing/headers.js';

/**
 * A few documented reads with the configured credentials, before any check: a wrong token,
 * company or base URL is a configuration error (exit 2, one line naming the variable), a target
 * that does not answer is inconclusive (exit 3). It proves the credentials work; it never
 * decides a clause. Its requests go through the run's pacing like every other.
 */

/** The target did not answer the preflight usably: the run is inconclusive before it starts. */
export class PreflightInconclusive extends Error {
  override name = 'PreflightInconclusive';
}

export interface PreflightFacts {
  /** Server clock minus ours, from the Date header, when the target sends one. */
  clockSkewMs?: number;
  requests: number;
  /** The Purchase Orders permission of ACCESS_TOKEN, when the run reads purchase orders at all. */
  purchaseOrders: 'permitted' | 'refused' | 'not probed';
}

export interface PreflightOptions {
  timeoutMs: number;
  internalHeaders: Record<string, string>;
  /** The user left purchase orders out (--skip-area purchaseOrders): a refused permission is no error then. */
  withoutPurchaseOrders?: boolean;
}

interface Probe {
  /** What the probe proves, for messages: e.g. 'ACCESS_TOKEN with COMPANY_ID'. */
  token: string;
  company: string;
  companyId: string;
  client: ApiClient;
}

function serverMessage(res: ApiResponse): string {
  const body = res.json as Record<string, unknown> | undefined;
  const pick = (v: unknown): string | undefined =>
    typeof v === 'string'
      ? v
      : v && typeof v === 'object'
        ? pick((v as Record<string, unknown>).message ?? (v as Record<string, unknown>).detail)
        : undefined;
  const text =
    body && typeof body === 'object'
      ? (pick(body.message) ?? pick(body.error) ?? pick(body.detail) ?? pick(body.title))
      : undefined;
  return (text ?? res.text.replace(/\s+/g, ' ').trim()).slice(0, 160) || '(no message)';
}

const mentionsCompany = (res: ApiResponse) => /compan/i.test(res.text);
const isJsonType = (res: ApiResponse) => /json/i.test(res.headers['content-type'] ?? '');

/** The configuration problem a refused documented read reveals, or undefined when the read is fine. */
export function diagnose(
  res: ApiResponse,
  p: Pick<Probe, 'token' | 'company' | 'companyId'>,
  baseUrl: string,
): string | undefined {
  const what = `GET /items?companyId=${p.companyId}`;
  const answered = `HTTP ${res.status} ${serverMessage(res)}`;
  if (res.status === 401) return `${p.token} was rejected by the target (${what}: ${answered})`;
  if (res.status === 403) return `${p.company} ${p.companyId} is not accessible with ${p.token} (${what}: ${answered})`;
  if (res.status >= 400 && res.status < 500 && mentionsCompany(res))
    return `${p.company} ${p.companyId} was refused (${what}: ${answered})`;
  if (res.json === undefined || (!isJsonType(res) && res.status < 400)) {
    const type = res.headers['content-type'] ?? 'no content type';
    return `BASE_URL ${baseUrl} does not answer like the API: ${what} came back as ${type}, not JSON (HTTP ${res.status}); is it the API's /v2 base and not a web page or a login proxy?`;
  }
  if (res.status >= 400 && res.status < 500) return `BASE_URL or ${p.company}: ${what} was refused (${answered})`;
  return undefined;
}

/**
 * Runs the preflight against the main target through its pacing proxy. Throws ConfigError (exit 2)
 * or PreflightInconclusive (exit 3); returns what it learned otherwise.
 */
export async function preflight(target: TargetInfo, o: PreflightOptions): Promise<PreflightFacts> {
  let requests = 0;
  const client = (token: string) =>
    new ApiClient({
      baseUrl: target.baseUrl,
      token,
      timeoutMs: o.timeoutMs,
      connections: 2,
      wireHeaders: { ...o.internalHeaders, [CHECK_HEADER]: 'preflight' },
      observers: [() => void (requests += 1)],
    });
  const tokenName = target.kind === 'live' && target.loggedIn ? 'the token from PARTNER_ID/AUTH_KEY' : 'ACCESS_TOKEN';
  const main: Probe = {
    token: tokenName,
    company: 'COMPANY_ID',
    companyId: target.companyId,
    client: client(target.token),
  };
  const extra: Probe[] = [];
  if (target.tokenNoPo)
    extra.push({
      token: 'ACCESS_TOKEN_NO_PO',
      company: 'COMPANY_ID',
      companyId: target.companyId,
      client: client(target.tokenNoPo),
    });
  if (target.otherCompanyId)
    extra.push({
      token: tokenName,
      company: 'OTHER_COMPANY_ID',
      companyId: target.otherCompanyId,
      client: main.client,
    });

  const answered = async (send: () => Promise<ApiResponse>, what: string): Promise<ApiResponse> => {
    try {
      const res = await send();
      if (res.status >= 500)
        throw new PreflightInconclusive(
          `the target answered HTTP ${res.status} to a documented read (${what}): ${serverMessage(res)} (a 502, 503 or 504 only after the retries)`,
        );
      return res;
    } catch (err) {
      if (err instanceof TransportError)
        throw new PreflightInconclusive(`the target ${target.publicUrl} could not be reached: ${err.message}`);
      throw err;
    }
  };
  const read = (p: Probe) =>
    answered(
      () => p.client.get('/items', { companyId: p.companyId, size: 1, page: 1 }),
      `GET /items?companyId=${p.companyId}`,
    );
  // The main credentials first: when they are wrong, every other probe would only repeat it.
  const first = await read(main);
  const problem = diagnose(first, main, target.publicUrl);
  if (problem) throw new ConfigError(problem);
  const po = o.withoutPurchaseOrders
    ? undefined
    : answered(
        () =>
          main.client.get('/purchaseOrders', { companyId: target.companyId, source: 'inventory', size: 1, page: 1 }),
        'GET /purchaseOrders',
      );
  const answers = await Promise.allSettled([...extra.map(read), po ?? Promise.resolve(undefined)]);
  answers.slice(0, extra.length).forEach((a, i) => {
    if (a.status === 'rejected') throw a.reason;
    const issue = diagnose(a.value as ApiResponse, extra[i]!, target.publicUrl);
    if (issue) throw new ConfigError(issue);
  });
  const poAnswer = answers.at(-1)!;
  if (poAnswer.status === 'rejected') throw poAnswer.reason;
  const poRes = poAnswer.value;
  // §5.3: without the Purchase Orders permission the partner gets 403. That is a fact of the
  // account, not of the API: it must not read as non-conformance of the purchase-order clauses.
  if (poRes?.status === 403) {
    throw new ConfigError(
      `${tokenName} lacks the Purchase Orders permission (§5.3): GET /purchaseOrders?companyId=${target.companyId} was answered HTTP 403 ${serverMessage(poRes)}. ` +
        'Enable the permission for this partner, or certify without that area: --skip-area purchaseOrders (the verdict then says the run was partial)',
    );
  }
  const date = Date.parse(first.headers.date ?? '');
  return {
    clockSkewMs: Number.isNaN(date) ? undefined : date - Date.now(),
    requests,
    purchaseOrders: poRes === undefined ? 'not probed' : poRes.status === 403 ? 'refused' : 'permitted',
  };
}
