import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isRecord, isSuccess } from '../../harness/checks/index.js';
import type { RecordLocator, Resource } from '../../harness/core/events.js';
import { BULK_BATCH, inBatches } from '../../harness/core/batches.js';
import { readWriteAnswer } from '../../harness/locate/answers.js';
import { searchMatchesOnce } from '../../harness/locate/search-probe.js';
import {
  carries,
  isLocated,
  locate,
  type LocateResult,
  type Outcome,
  type ShownListing,
  type Unlocated,
  type Waiter,
} from '../../harness/locate/locator.js';
import { listCustomers, listVehicles, type Api, type Kind, type Scope } from '../../harness/locate/requests.js';
import { customerShape, vehicleShape } from '../../harness/locate/shapes.js';
import { onBase, type BaseReader } from './page-base.js';

/** The company a check's requests act for, with the known location when it is COMPANY_ID's. */
export function scopeOf(ctx: CheckContext, companyId = ctx.companyId): Scope {
  return {
    companyId,
    profile: ctx.profile,
    locationId: companyId === ctx.companyId ? ctx.target.locationId : undefined,
    note: (name, value) => ctx.observe(name, value),
  };
}

/** The lists the locator walks whose page base is not stated (S-PAGE-base): read raw to observe it; the adapters share these. */
export const baseLists: Record<
  '/vehicles' | '/customers',
  { list: string; raw: (ctx: CheckContext, query: Query) => Promise<ApiResponse>; reader: BaseReader }
> = {
  '/vehicles': { list: 'vehicles', raw: (s, q) => listVehicles(s.api, scopeOf(s), q), reader: vehicleShape },
  '/customers': { list: 'customers', raw: (s, q) => listCustomers(s.api, scopeOf(s), q), reader: customerShape },
};

/** The check's client for the locator: its pages, counted from 1, sent on each list's observed base. */
export function basedApi(ctx: CheckContext): Api {
  return {
    get: async (path, query = {}) => {
      const based = baseLists[path as keyof typeof baseLists];
      return ctx.api.get(path, based ? await onBase(ctx, based.list, query, based.raw, based.reader) : query);
    },
    patch: (path, body, query) => ctx.api.patch(path, body, query),
  };
}

/** ctx.eventually as the locator's wait: every wait is recorded on the check (or fixture) that made the write. */
export const waiterOf =
  (ctx: CheckContext): Waiter =>
  (what, read, shows) =>
    ctx.eventually(what, read, shows);

const resourceOf: Record<Kind, Resource> = { vehicle: 'vehicle', item: 'item', customer: 'customer' };

/**
 * Sends a create whose records are ledgered by their locators first (journaled before it goes) and
 * withdrawn when it is refused, so that a run stopped while the write is in flight still finds and
 * archives what it made. ownRecords ledgers them again with their ids once located.
 */
export async function createLedgered(
  ctx: CheckContext,
  kind: Kind,
  locators: readonly RecordLocator[],
  send: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  const resource = resourceOf[kind];
  await ctx.ledger.beforeCreate(resource, locators);
  const res = await send();
  if (!isSuccess(res) || (isRecord(res.json) && res.json.success === false)) ctx.ledger.withdrawn(resource, locators);
  return res;
}

export interface BatchedCreate {
  /** The first answer that refused its batch, else the first answer: what the create's clauses judge and cite. */
  create: ApiResponse;
  /** Every batch's answer, in order. */
  creates: ApiResponse[];
  /** One per input, in order; empty when a batch was refused. */
  found: Outcome[];
  listed?: ShownListing;
  /** When the first batch was sent (Date.now()). */
  writtenAt: number;
}

/**
 * Creates valid records in bulk POSTs of at most BULK_BATCH elements (S-8-bulk-count-limit), each
 * batch ledgered before it goes (createLedgered) and located after (ownRecords); the last batch
 * waits for `visible`. A refused batch stops the rest: what earlier batches made stays ledgered by locator.
 */
export async function createInBatches<T>(
  ctx: CheckContext,
  kind: Kind,
  inputs: readonly T[],
  locatorOf: (input: T) => RecordLocator,
  post: (batch: readonly T[]) => Promise<ApiResponse>,
  o: { what: string; visible?: boolean; wait?: Waiter },
): Promise<BatchedCreate> {
  const since = Date.now();
  const batches = inBatches(inputs, BULK_BATCH);
  const creates: ApiResponse[] = [];
  for (const batch of batches) {
    const res = await createLedgered(ctx, kind, batch.map(locatorOf), () => post(batch));
    creates.push(res);
    if (!isSuccess(res)) return { create: res, creates, found: [], writtenAt: since };
  }
  const found: Outcome[] = [];
  let listed: ShownListing | undefined;
  for (const [i, batch] of batches.entries()) {
    const result = await ownRecords(ctx, kind, batch.map(locatorOf), {
      answer: creates[i]!,
      since,
      what: batches.length > 1 ? `${o.what}, batch ${i + 1} of ${batches.length}` : o.what,
      visible: o.visible && i === batches.length - 1,
      wait: o.wait,
    });
    found.push(...result.outcomes);
    listed = result.listing ?? listed;
  }
  return { create: creates[0]!, creates, found, listed, writtenAt: since };
}

const searchProbes = new Map<string, () => Promise<boolean>>();

/**
 * Whether the guessed customer search matches the field the run's words are written in, probed on
 * a listed customer (harness/locate/search-probe.ts) the first time a create's answer leaves a
 * customer to look for, once per target and run in this worker.
 */
export function customerSearchMatches(ctx: CheckContext): () => Promise<boolean> {
  const key = `${ctx.target.id}\u0000${ctx.run.marker}`;
  let probe = searchProbes.get(key);
  if (!probe) {
    probe = searchMatchesOnce(
      (q) => listCustomers(basedApi(ctx), scopeOf(ctx), q),
      ctx.profile,
      (p) => ctx.observe('customer search probed (S-4.3-list-params)', p.why),
    );
    searchProbes.set(key, probe);
  }
  return probe;
}

/**
 * The sent elements (`locators`, in the request's order) a create answer reports refused, each with
 * why: by the index the answer gives, or by the natural key it repeats (S-BULK-result-mapping).
 */
function refusedIn(kind: Kind, answer: ApiResponse, locators: readonly RecordLocator[], arrayField: string) {
  const out = new Map<number, Unlocated>();
  // The locators' keys stand for the elements sent: the natural keys a result may repeat, and how many were sent.
  for (const r of readWriteAnswer(
    kind,
    answer,
    locators.map((l) => l.keys),
    arrayField,
  ).refused) {
    const at = r.index ?? locators.findIndex((l) => carries(r.shown, l));
    if (at < 0 || at >= locators.length || out.has(at)) continue;
    const said = JSON.stringify(r.shown).slice(0, 200);
    out.set(at, { proven: true, why: `the create's answer reports this element refused: ${said}` });
  }
  return out;
}

/**
 * After a create the server accepted: every record sent is ledgered at once by its locator (so
 * the cleanup finds it even if nothing else does), located by documented means (harness/locate),
 * and ledgered again with its id once located.
 */
export async function ownRecords(
  ctx: CheckContext,
  kind: Kind,
  locators: readonly RecordLocator[],
  o: { answer: ApiResponse; since: number; what: string; visible?: boolean; searchHint?: string; wait?: Waiter },
): Promise<LocateResult> {
  const resource = resourceOf[kind];
  if (!isSuccess(o.answer)) return { outcomes: [], unreadable: [], responses: [] };
  // Elements the answer reports refused (S-BULK-partial), by their index or the natural key they repeat: withdrawn, not looked for.
  const refused = refusedIn(kind, o.answer, locators, ctx.profile.customers.arrayField);
  const sought = locators.filter((_, i) => !refused.has(i));
  if (refused.size)
    ctx.ledger.withdrawn(
      resource,
      [...refused.keys()].map((i) => locators[i]!),
    );
  for (const locator of sought) ctx.ledger.created(resource, undefined, { customerId: locator.customerId, locator });
  const found = await locate(kind, sought, {
    api: basedApi(ctx),
    scope: scopeOf(ctx),
    searchMatches: customerSearchMatches(ctx),
    ...o,
    wait: o.wait ?? waiterOf(ctx),
  });
  let next = 0;
  const result: LocateResult = {
    ...found,
    outcomes: locators.map((_, i) => refused.get(i) ?? found.outcomes[next++]!),
  };
  result.outcomes.forEach((at, i) => {
    const locator = locators[i]!;
    if (isLocated(at)) ctx.ledger.created(resource, at.id, { customerId: locator.customerId, locator });
  });
  // The ids journaled before any later write (an update may change what the locator matches).
  await ctx.ledger.flushed();
  return result;
}

/**
 * ctx.eventually with one window per check: once a read has waited the whole window without the
 * write showing, the later reads of the same check are single. A model run replays many sequences
 * (and shrinks a failing one): a server that never applies a write costs one window, not one per read.
 */
export function patientReads(ctx: CheckContext): Waiter {
  let patient = true;
  return async (what, read, shows) => {
    const w = await ctx.eventually(what, read, shows, patient ? {} : { windowMs: 0 });
    if (!w.shown) patient = false;
    return w;
  };
}

/**
 * What is left of the consistency window of a write made at `writtenAt` (Date.now() before it was
 * sent): a write that has had CONSISTENCY_WINDOW_MS to show has had its chance, so a check reading
 * long after a shared fixture's write (or after the fixture itself waited the window) reads once.
 */
export function windowLeft(
  ctx: CheckContext,
  writtenAt: number | undefined,
): { windowMs?: number; writtenAt?: number } {
  if (writtenAt === undefined) return {};
  return { windowMs: Math.max(0, ctx.run.consistencyWindowMs - (Date.now() - writtenAt)), writtenAt };
}
