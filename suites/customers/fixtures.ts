import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { describeResponse, isSuccess, whereSentShows } from '../../harness/checks/index.js';
import { isLocated, type Unlocated } from '../../harness/locate/locator.js';
import {
  buildCustomer,
  changedName,
  customerTermOf,
  customerTermPrefix,
  type CustomerInput,
} from '../../generators/customers.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { postVehicles } from '../vehicles/adapter.js';
import { vehicleLocator } from '../vehicles/fixtures.js';
import type { Rec } from '../common/adapter.js';
import { createLedgered, windowLeft } from '../common/own-records.js';
import { refusedInBody } from '../common/frame.js';
import { customerLocator, customers, listedCustomer, inactiveState, locateCreated, sendCustomers } from './adapter.js';
import {
  bodyOf,
  describeBody,
  negotiate,
  PROFILE_LEARNED,
  profileKeysOf,
  refusesBody,
  shaped,
  type CustomerBody,
  type Negotiation,
} from './body.js';

/**
 * The customers a run creates, once per target: one bulk POST (§4.3 "one or more customers") with
 * a customer per role, located by their unique words (one search for the words' shared start, then
 * each word, then a bounded walk) and read back by id once.
 */

export const customerRoles = ['update-a', 'update-b', 'archive-a', 'archive-b', 'plain'] as const;
export type CustomerRole = (typeof customerRoles)[number];

export interface CustomerFixture {
  /** The POST /customers answer; its shape is not shown (§4.3). */
  create: ApiResponse;
  inputs: Record<CustomerRole, CustomerInput>;
  terms: Record<CustomerRole, string>;
  ids: Partial<Record<CustomerRole, string>>;
  reads: Partial<Record<CustomerRole, ApiResponse>>;
  /** Why a role has no id, and whether its absence is shown (the answer's ids did not read back). */
  unlocated: Partial<Record<CustomerRole, Unlocated>>;
  /** When the create was sent (Date.now()): later reads wait for it until CONSISTENCY_WINDOW_MS after. */
  writtenAt: number;
  /** The body shape the server accepted (or the last one it refused), and the ones it refused first. */
  body: CustomerBody;
  refused: Negotiation['refused'];
}

/**
 * The negotiated shape, for every customer write of the run: the shared create's (the customer
 * fixture negotiates it once; a check that writes customers before it waits for it).
 */
export async function customerBody(ctx: CheckContext): Promise<CustomerBody> {
  return (await customerFixture(ctx)).body;
}

/** POST /customers in the run's negotiated shape (suites/customers/body.ts). */
export async function postCustomers(ctx: CheckContext, entries: CustomerInput[]): Promise<ApiResponse> {
  const body = await customerBody(ctx);
  return sendCustomers(
    ctx,
    body,
    entries.map((c) => shaped(c, body)),
  );
}

const company = (ctx: CheckContext) => ({ [ctx.profile.companyParam]: ctx.companyId });

/** PUT /customers in the run's negotiated shape: only the fields given are sent (§4.3). */
export async function putCustomers(ctx: CheckContext, updates: CustomerInput[]): Promise<ApiResponse> {
  const body = await customerBody(ctx);
  return ctx.api.put('/customers', { ...company(ctx), [body.arrayField]: updates.map((u) => shaped(u, body)) });
}

/** §4.3: archive by a list of customerId values, under the negotiated array key. */
export async function archiveCustomers(ctx: CheckContext, customerIds: string[]): Promise<ApiResponse> {
  const body = await customerBody(ctx);
  return ctx.api.patch('/customers', {
    ...company(ctx),
    [body.arrayField]: customerIds.map((customerId) => ({ customerId })),
  });
}

/** The shared fixture, with the negotiated body observed on the check that uses it (the certificate shows it). */
export async function customerFixture(ctx: CheckContext): Promise<CustomerFixture> {
  const fx = await createdCustomers(ctx);
  if (isSuccess(fx.create)) {
    ctx.observe('customer body (S-2.3-customer-body, negotiated)', describeBody(fx.body));
    if (fx.refused.length) ctx.observe(PROFILE_LEARNED, profileKeysOf(fx.body));
  }
  return fx;
}

function createdCustomers(ctx: CheckContext): Promise<CustomerFixture> {
  return ctx.shared('customers', async (s) => {
    const names = s.profile.customers;
    const f = seededFaker(s.seed, 'customer-fixture');
    const built = Object.fromEntries(customerRoles.map((role) => [role, buildCustomer(f, s.marker, names)])) as Record<
      CustomerRole,
      CustomerInput
    >;
    const terms = Object.fromEntries(customerRoles.map((role) => [role, customerTermOf(built[role], names)])) as Record<
      CustomerRole,
      string
    >;
    const since = Date.now();
    // §4.3 shows no body: the profile's shape first, then what the server's refusal names (body.ts).
    const n = await negotiate(bodyOf(names), (body) =>
      createLedgered(
        s,
        'customer',
        customerRoles.map((r) => customerLocator(terms[r])),
        () =>
          sendCustomers(
            s,
            body,
            customerRoles.map((r) => shaped(built[r], body)),
          ),
      ),
    );
    const create = n.answer;
    const inputs = Object.fromEntries(customerRoles.map((r) => [r, shaped(built[r], n.body)])) as Record<
      CustomerRole,
      CustomerInput
    >;
    const fixture: CustomerFixture = {
      create,
      inputs,
      terms,
      ids: {},
      reads: {},
      unlocated: {},
      writtenAt: since,
      body: n.body,
      refused: n.refused,
    };
    if (!isSuccess(create)) return fixture;
    const located = await locateCreated(
      s,
      create,
      customerRoles.map((r) => terms[r]),
      since,
      { common: customerTermPrefix(s.marker) },
    );
    customerRoles.forEach((role, i) => {
      const at = located.outcomes[i];
      if (!at) return;
      if (!isLocated(at)) return void (fixture.unlocated[role] = at);
      fixture.ids[role] = at.id;
      fixture.reads[role] = at.read;
    });
    return fixture;
  });
}

/**
 * The create refused: a refusal of every body shape tried is a guess refused (the profile key says
 * what to set); any other refusal is inconclusive.
 */
export function createRefused(ctx: CheckContext, fx: CustomerFixture): never {
  const tried = fx.refused.map((r) => `${describeBody(r.body)}: ${r.status} ${r.said}`).join(' | ');
  if (refusesBody(fx.create))
    ctx.guessRefused(
      'customers.names / customers.emails / customers.phones / customers.arrayField',
      `precondition: POST /customers refused every body shape tried (§4.3 shows none): ${tried}`,
    );
  return ctx.inconclusive(`precondition: POST /customers was refused (${describeResponse(fx.create)})`);
}

/** A customer of a role as read back after the create (by id, else as listed), or inconclusive. */
export async function fixtureCustomer(
  ctx: CheckContext,
  fx: CustomerFixture,
  role: CustomerRole,
): Promise<{ id: string; record: Rec; read?: ApiResponse; shownIn: ApiResponse }> {
  if (!isSuccess(fx.create)) createRefused(ctx, fx);
  const id = ctx.need(
    fx.ids[role],
    `precondition: the created customer for ${role} could not be located by its unique word`,
  );
  const read = fx.reads[role];
  const byId = read && isSuccess(read) ? customers.recordIn(read, id) : undefined;
  if (byId && read) return { id, record: byId, read, shownIn: read };
  // A broken read by id is CUSTOMER-GET-BY-ID's business: other clauses judge the listed record.
  const listed = ctx.need(
    await listedCustomer(ctx, id, fx.terms[role]),
    `precondition: customer ${id} could not be read back`,
  );
  return { id, record: listed.record, shownIn: listed.res };
}

/**
 * A read of one customer after the run's write to it: by id, until `shows` holds for the record
 * (a write may apply after its answer, e.g. 202 or 204), within the window; else as listed by its word.
 */
export async function readCustomer(
  ctx: CheckContext,
  id: string,
  term: string,
  write: string,
  shows: (record: Rec) => boolean,
  window: { windowMs?: number } = {},
): Promise<{ record?: Rec; read: ApiResponse; shownIn?: ApiResponse }> {
  const { value: read } = await ctx.eventually(
    `${write}: customer ${id} read back by id`,
    () => customers.get(ctx, id),
    (res) => {
      const record = isSuccess(res) ? customers.recordIn(res, id) : undefined;
      return !record || shows(record);
    },
    window,
  );
  const byId = isSuccess(read) ? customers.recordIn(read, id) : undefined;
  if (byId) return { record: byId, read, shownIn: read };
  const listed = await listedCustomer(ctx, id, term);
  return { record: listed?.record, read, shownIn: listed?.res };
}

export interface UpdateScenario {
  put: ApiResponse;
  sent: { a: Rec; b: Rec };
  after: { a?: Rec; b?: Rec };
  reads: ApiResponse[];
  /** The answers that show `after` (the read by id, else the listed page), for the failures' exchange. */
  shownIn: { a?: ApiResponse; b?: ApiResponse };
}

/** One PUT with two entries (§4.3 bulk), each changing the profile's updatable field; both read back. */
export function customerUpdate(ctx: CheckContext): Promise<UpdateScenario> {
  return ctx.shared('customers:update', async (s) => {
    const fx = await customerFixture(s);
    const [a, b] = await Promise.all([fixtureCustomer(s, fx, 'update-a'), fixtureCustomer(s, fx, 'update-b')]);
    const f = seededFaker(s.seed, 'customer-update');
    const field = s.profile.customers.updatableField;
    const sent = {
      a: shaped({ [field]: changedName(f) }, fx.body),
      b: shaped({ [field]: `${changedName(f)}-B` }, fx.body),
    };
    const put = await putCustomers(s, [
      { customerId: a.id, ...sent.a },
      { customerId: b.id, ...sent.b },
    ]);
    if (!isSuccess(put)) return { put, sent, after: {}, reads: [], shownIn: {} };
    // The layout is not shown (§2.3): a value counts as applied once it shows anywhere in the record.
    const applied = (sent: Rec) => (record: Rec) => whereSentShows(record, sent).notShown.length === 0;
    const [afterA, afterB] = await Promise.all([
      readCustomer(s, a.id, fx.terms['update-a'], 'PUT /customers', applied(sent.a)),
      readCustomer(s, b.id, fx.terms['update-b'], 'PUT /customers', applied(sent.b)),
    ]);
    return {
      put,
      sent,
      after: { a: afterA.record, b: afterB.record },
      reads: [afterA.read, afterB.read],
      shownIn: { a: afterA.shownIn, b: afterB.shownIn },
    };
  });
}

export interface ArchiveScenario {
  patch: ApiResponse;
  /** POST /vehicles of one vehicle owned by archive-b, sent before the archive (undefined: not sent). */
  owned?: ApiResponse;
  /** When the PATCH of both was refused and archive-b owned a vehicle: the PATCH of archive-a alone. */
  twin?: ApiResponse;
  after: { a?: Rec; b?: Rec };
  reads: ApiResponse[];
  /** The answers that show `after` (the read by id, else the listed page), for the failures' exchange. */
  shownIn: { a?: ApiResponse; b?: ApiResponse };
  /** When the PATCH was sent (Date.now()). */
  writtenAt: number;
}

/**
 * One PATCH with two entries (§4.3 archive in bulk, by customerId); both read back. archive-b owns an
 * active vehicle by then: §3 archives a listed customer from any state with no other condition
 * (S-3-customer-archive-cascade); what the archive does to that vehicle stays open and is never read.
 */
export function customerArchive(ctx: CheckContext): Promise<ArchiveScenario> {
  return ctx.shared('customers:archive', async (s) => {
    const fx = await customerFixture(s);
    const [a, b] = await Promise.all([fixtureCustomer(s, fx, 'archive-a'), fixtureCustomer(s, fx, 'archive-b')]);
    const vehicle = buildVehicle(seededFaker(s.seed, 'customer-archive-owned'), s.marker, b.id);
    const owned = await createLedgered(s, 'vehicle', [vehicleLocator(vehicle)], () => postVehicles(s, [vehicle]));
    const writtenAt = Date.now();
    const patch = await archiveCustomers(s, [a.id, b.id]);
    if (!isSuccess(patch)) {
      // The same body without the owner: its answer tells a refused body shape from a refused owner.
      const twin = isSuccess(owned) ? await archiveCustomers(s, [a.id]) : undefined;
      if (twin && isSuccess(twin)) s.ledger.archived('customer', a.id);
      return { patch, owned, twin, after: {}, reads: [], shownIn: {}, writtenAt };
    }
    s.ledger.archived('customer', a.id);
    s.ledger.archived('customer', b.id);
    const [afterA, afterB] = await Promise.all([
      readCustomer(s, a.id, fx.terms['archive-a'], 'PATCH /customers', archived),
      readCustomer(s, b.id, fx.terms['archive-b'], 'PATCH /customers', archived),
    ]);
    return {
      patch,
      owned,
      after: { a: afterA.record, b: afterB.record },
      reads: [afterA.read, afterB.read],
      shownIn: { a: afterA.shownIn, b: afterB.shownIn },
      writtenAt,
    };
  });
}

export interface ArchivedUpdateScenario {
  id: string;
  sent: Rec;
  /** The customer as read by id after its archive (the archive scenario's read). */
  before?: ApiResponse;
  /** The PUT /customers answer; undefined when it was not sent. */
  put?: ApiResponse;
  /** The read by id after the update. */
  after?: ApiResponse;
}

/**
 * §4.3 PUT of a customer the run archived (role archive-b; archive-a is archived again), sending the
 * profile's updatable field only, read by id until the value sent shows.
 */
export function customerUpdateArchived(ctx: CheckContext): Promise<ArchivedUpdateScenario> {
  return ctx.shared('customers:update-archived', async (s) => {
    const [fx, ar] = await Promise.all([customerFixture(s), customerArchive(s)]);
    const id = s.need(
      fx.ids['archive-b'],
      'precondition: the created customer for archive-b could not be located by its unique word',
    );
    const sent = shaped(
      {
        [s.profile.customers.updatableField]:
          `${changedName(seededFaker(s.seed, 'customer-update-archived'))}-Archived`,
      },
      fx.body,
    );
    const before = ar.reads[1];
    const archivedRecord = before && isSuccess(before) ? customers.recordIn(before, id) : undefined;
    if (!archivedRecord || inactiveState(archivedRecord) !== true) return { id, sent, before };
    const put = await putCustomers(s, [{ customerId: id, ...sent }]);
    // A refusal is a realistic answer (S-3-update-archived): what it proves is read back once.
    if (!isSuccess(put) || refusedInBody(put)) return { id, sent, before, put, after: await customers.get(s, id) };
    const { value: after } = await s.eventually(
      `PUT /customers: archived customer ${id} shows the value sent`,
      () => customers.get(s, id),
      (res) => {
        const record = isSuccess(res) ? customers.recordIn(res, id) : undefined;
        return !record || whereSentShows(record, sent).notShown.length === 0;
      },
    );
    return { id, sent, before, put, after };
  });
}

/** Reads as archived, or shows no status-like field to wait for (§4.3: the record is not shown). */
const archived = (record: Rec) => inactiveState(record) !== false;

/** The first page of the list, read once for the checks that sample existing customers. */
export function customerSample(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.shared('customers:sample', (s) => customers.list(s, { size: 20, page: 1 }));
}

/** §3 archives "from any state": one archived customer archived once more, and read back. */
export function customerArchiveAgain(
  ctx: CheckContext,
): Promise<{ patch: ApiResponse; after?: Rec; read: ApiResponse; id: string }> {
  return ctx.shared('customers:archive-again', async (s) => {
    const [fx, first] = await Promise.all([customerFixture(s), customerArchive(s)]);
    const { id } = await fixtureCustomer(s, fx, 'archive-a');
    if (!isSuccess(first.patch)) s.inconclusive(`precondition: the first archive was refused (${first.patch.status})`);
    const patch = await archiveCustomers(s, [id]);
    // Inactive is due within the window of the first archive: the second does not owe a new one.
    const now = await readCustomer(
      s,
      id,
      fx.terms['archive-a'],
      'a second PATCH /customers',
      archived,
      windowLeft(s, first.writtenAt),
    );
    return { patch, id, after: now.record, read: now.read };
  });
}
