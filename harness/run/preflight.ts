import { isRecord } from '../checks/locate.js';
import { ApiClient, type ApiResponse } from '../client.js';
import { ConfigError, TransportError } from '../core/errors.js';
import type { Profile } from '../core/profile.js';
import type { TargetInfo } from '../core/run-info.js';
import { shapes } from '../locate/locator.js';
import { getCustomer, listCustomers, listVehicles, type Scope } from '../locate/requests.js';
import { CHECK_HEADER } from '../pacing/headers.js';

/**
 * A few documented reads with the configured credentials, before any check and before any write:
 * a wrong token, base URL or id is a configuration error (exit 2, one line naming the variable and
 * quoting the server), a target that does not answer is inconclusive (exit 3). Statuses for an
 * unknown company or record are not stated (silences S-TEN-company-mismatch, S-7-unknown-record),
 * so existence is judged on content: a record read back by its id, a list holding a record of the
 * company asked, or the server's own refusal (§7's 400 for an unknown locationId). It proves the
 * configuration; it never decides a clause. Its requests go through the run's pacing like every other.
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
  /** What looks doubtful without being wrong (an empty company, an id no read could check), for the console. */
  warnings: string[];
  /** Why OTHER_COMPANY_ID cannot be shown to exist: the tenancy checks are then not judged against it. */
  otherCompanyUnproven?: string;
}

export interface PreflightOptions {
  timeoutMs: number;
  internalHeaders: Record<string, string>;
  /** The user left purchase orders out (--skip-area purchaseOrders): a refused permission is no error then. */
  withoutPurchaseOrders?: boolean;
  /** The guessed names of the customer endpoints (§4.3 shows none). */
  profile: Profile;
  /** Told once the main credentials and company are proven (the first read): a run that goes on is likely. */
  onProven?: () => void;
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
  what = `GET /items?companyId=${p.companyId}`,
): string | undefined {
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

const queryText = (q: Record<string, string | number>) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/** The records of a purchase-order list (§2.7: `data` is an array). */
const orderRecords = (body: unknown) =>
  isRecord(body) && Array.isArray(body.data) ? body.data.filter(isRecord) : ([] as Record<string, unknown>[]);

/** A record shows the company asked for unless it names another one (a server may answer with the token's company, S-TEN-company-mismatch). */
const ofCompany = (companyId: string) => (r: Record<string, unknown>) =>
  r.companyId === undefined || r.companyId === null || String(r.companyId) === companyId;

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
  const api = client(target.token);
  const main: Probe = { token: tokenName, company: 'COMPANY_ID', companyId: target.companyId, client: api };
  const warnings: string[] = [];

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
  const get = (c: ApiClient, path: string, query: Record<string, string | number>) =>
    answered(() => c.get(path, query), `GET ${path}?${queryText(query)}`);
  const firstPage = { size: 1, page: 1 };
  const scopeOf = (companyId: string): Scope => ({ companyId, profile: o.profile, locationId: target.locationId });
  const poQuery = (companyId: string, extra: Record<string, string> = {}) => ({
    companyId,
    source: 'inventory',
    ...extra,
    ...firstPage,
  });

  /**
   * Whether a company holds anything the documented lists show (items, vehicles, customers,
   * purchase orders), read one after another until one shows a record of it. A documented list
   * refused for the company names it (exit 2); the customers list's parameters are guesses
   * (§4.3), so only what it shows counts, never its refusal.
   */
  const holdsRecords = async (p: Probe, items: ApiResponse, withOrders: boolean): Promise<boolean> => {
    const mine = ofCompany(p.companyId);
    if (shapes.item.records(items.json).some(mine)) return true;
    const vq = { companyId: p.companyId, ...firstPage };
    const vehicles = await get(p.client, '/vehicles', vq);
    const refused = diagnose(vehicles, p, target.publicUrl, `GET /vehicles?${queryText(vq)}`);
    if (refused) throw new ConfigError(refused);
    if (shapes.vehicle.records(vehicles.json).some(mine)) return true;
    const customers = await answered(() => listCustomers(p.client, scopeOf(p.companyId), firstPage), 'GET /customers');
    if (customers.status < 300 && shapes.customer.records(customers.json).some(mine)) return true;
    if (!withOrders) return false;
    const orders = await get(p.client, '/purchaseOrders', poQuery(p.companyId));
    return orders.status < 300 && orderRecords(orders.json).some(mine);
  };

  // The main credentials first: when they are wrong, every other probe would only repeat it.
  const first = await get(api, '/items', { companyId: target.companyId, ...firstPage });
  const problem = diagnose(first, main, target.publicUrl);
  if (problem) throw new ConfigError(problem);
  o.onProven?.();

  const noPo = target.tokenNoPo
    ? (async () => {
        const p: Probe = { ...main, token: 'ACCESS_TOKEN_NO_PO', client: client(target.tokenNoPo!) };
        const issue = diagnose(
          await get(p.client, '/items', { companyId: target.companyId, ...firstPage }),
          p,
          target.publicUrl,
        );
        if (issue) throw new ConfigError(issue);
      })()
    : undefined;
  const po = o.withoutPurchaseOrders ? undefined : get(api, '/purchaseOrders', poQuery(target.companyId));
  // §7: GET /purchaseOrders answers an unknown locationId with 400: the one documented read that judges LOCATION_ID.
  const poAtLocation =
    po && target.locationId
      ? get(api, '/purchaseOrders', poQuery(target.companyId, { locationId: target.locationId }))
      : undefined;
  // SECOND_LOCATION_ID by the same read: a wrong one would only show later as a refused inventory update.
  const poAtSecond =
    po && target.locationId && target.secondLocationId
      ? get(api, '/purchaseOrders', poQuery(target.companyId, { locationId: target.secondLocationId }))
      : undefined;
  const companyHolds = holdsRecords(main, first, false);
  const customer = target.customerId
    ? (async () => {
        const id = target.customerId!;
        const byId = await answered(
          () => getCustomer(api, scopeOf(target.companyId), id),
          `GET /customers/${id}?${o.profile.companyParam}=${target.companyId}`,
        );
        if (byId.status < 300 && shapes.customer.recordIn(byId.json, id)) return { found: true, byId };
        // Customer records are not shown (§2.3): a vehicle of the customer (§4.1's customerId filter) proves it too.
        const vq = { companyId: target.companyId, customerId: id, ...firstPage };
        const vehicles = await get(api, '/vehicles', vq);
        const owned =
          vehicles.status < 300 && shapes.vehicle.records(vehicles.json).some((v) => String(v.customerId) === id);
        return { found: owned, byId };
      })()
    : undefined;
  const other = target.otherCompanyId
    ? (async () => {
        const p: Probe = { ...main, company: 'OTHER_COMPANY_ID', companyId: target.otherCompanyId! };
        const items = await get(api, '/items', { companyId: p.companyId, ...firstPage });
        const issue = diagnose(items, p, target.publicUrl);
        if (issue) throw new ConfigError(issue);
        return holdsRecords(p, items, !o.withoutPurchaseOrders);
      })()
    : undefined;

  // Every probe ends before the first problem is told: none is left running against the target.
  const settled = await Promise.allSettled([noPo, po, poAtLocation, companyHolds, customer, other, poAtSecond]);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  const [, poRes, locRes, holds, cust, otherHolds, secondRes] = settled.map(
    (s) => (s as PromiseFulfilledResult<unknown>).value,
  ) as [
    unknown,
    ApiResponse | undefined,
    ApiResponse | undefined,
    boolean,
    { found: boolean; byId: ApiResponse } | undefined,
    boolean | undefined,
    ApiResponse | undefined,
  ];

  // §5.3: without the Purchase Orders permission the partner gets 403. That is a fact of the
  // account, not of the API: it must not read as non-conformance of the purchase-order clauses.
  if (poRes?.status === 403) {
    throw new ConfigError(
      `${tokenName} lacks the Purchase Orders permission (§5.3): GET /purchaseOrders?companyId=${target.companyId} was answered HTTP 403 ${serverMessage(poRes)}. ` +
        'Enable the permission for this partner, or certify without that area: --skip-area purchaseOrders (the verdict then says the run was partial)',
    );
  }
  const companyNote = `COMPANY_ID ${target.companyId} shows no record at all (items, vehicles, customers)`;
  if (cust && !cust.found) {
    const answer = `GET /customers/${target.customerId} answered HTTP ${cust.byId.status} ${serverMessage(cust.byId)}`;
    throw new ConfigError(
      !holds && mentionsCompany(cust.byId)
        ? `${companyNote}, and ${answer}: is COMPANY_ID right?`
        : `CUSTOMER_ID ${target.customerId} was not found in COMPANY_ID ${target.companyId}: ${answer}, and no vehicle lists it${holds ? '' : ` (${companyNote}: is COMPANY_ID right?)`}`,
    );
  }
  if (poRes && poRes.status < 300 && locRes && locRes.status >= 400)
    throw new ConfigError(
      `LOCATION_ID ${target.locationId} was refused (§7: GET /purchaseOrders answers an unknown locationId with 400): GET /purchaseOrders?companyId=${target.companyId}&locationId=${target.locationId} answered HTTP ${locRes.status} ${serverMessage(locRes)}`,
    );
  if (poRes && poRes.status < 300 && secondRes && secondRes.status >= 400)
    throw new ConfigError(
      `SECOND_LOCATION_ID ${target.secondLocationId} was refused (§7: GET /purchaseOrders answers an unknown locationId with 400): GET /purchaseOrders?companyId=${target.companyId}&locationId=${target.secondLocationId} answered HTTP ${secondRes.status} ${serverMessage(secondRes)}`,
    );
  if (target.locationId && !(poRes && poRes.status < 300))
    warnings.push(
      `${target.secondLocationId ? `LOCATION_ID ${target.locationId} and SECOND_LOCATION_ID ${target.secondLocationId} were` : `LOCATION_ID ${target.locationId} was`} not checked: the one read that judges it is GET /purchaseOrders (§7), left out of this run`,
    );
  if (!holds && !cust?.found)
    warnings.push(
      `${companyNote}: an empty company is possible, but if the id is mistyped every check will meet the target's refusals`,
    );
  const otherCompanyUnproven =
    otherHolds === false
      ? `OTHER_COMPANY_ID ${target.otherCompanyId} shows no record at all (items, vehicles, customers${o.withoutPurchaseOrders ? '' : ', purchase orders'}): it cannot be shown to exist, so isolation from it is not judged`
      : undefined;
  if (otherCompanyUnproven) warnings.push(`${otherCompanyUnproven}; the tenancy checks are skipped`);
  const date = Date.parse(first.headers.date ?? '');
  return {
    clockSkewMs: Number.isNaN(date) ? undefined : date - Date.now(),
    requests,
    purchaseOrders: poRes === undefined ? 'not probed' : poRes.status === 403 ? 'refused' : 'permitted',
    warnings,
    ...(otherCompanyUnproven ? { otherCompanyUnproven } : {}),
  };
}
