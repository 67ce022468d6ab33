import fc from 'fast-check';
import {
  ContractViolation,
  describeResponse,
  fieldMismatches,
  isSuccess,
  leavesOf,
  loosePartialUpdateViolations,
  whereSentShows,
} from '../../../harness/checks/index.js';
import type { ApiResponse } from '../../../harness/client.js';
import type { Profile } from '../../../harness/core/profile.js';
import {
  customerMarkerText,
  customerNameChangeArbitrary,
  customerTermOf,
  validCustomerArbitrary,
  type CustomerInput,
} from '../../../generators/customers.js';
import { isLocated } from '../../../harness/locate/locator.js';
import { liveRecords, readableRecords, rebase, tracked, type TrackedRecord } from '../../../harness/model/records.js';
import { pickOf } from '../../../harness/model/run.js';
import { shaped } from '../body.js';
import { archiveCustomers, customerBody, postCustomers, putCustomers } from '../fixtures.js';
import {
  customerIn,
  customerLocator,
  customerRecords,
  findCustomersByTerm,
  inactiveState,
  locateCreated,
  readCustomerTolerantly,
} from '../adapter.js';
import { createLedgered } from '../../common/own-records.js';
import type { CustomerModel, CustomerReal } from './state.js';

type CustomerCommand = fc.AsyncCommand<CustomerModel, CustomerReal>;

const live = (m: Readonly<CustomerModel>) => liveRecords(m.customers);
const readable = (m: Readonly<CustomerModel>) => readableRecords(m.customers);
const label = (m: Readonly<CustomerModel>, e: TrackedRecord) => `#${m.customers.indexOf(e)} (${e.id})`;

/**
 * Where a record read disagrees with the model, for a layout that is not shown (§2.3): each accepted
 * change shows somewhere in the record (fields the server showed nowhere at creation aside), and
 * every other value keeps the baseline's. `onlyKeysPresent` is kept for the list's records, which may show less.
 */
function differences(
  r: CustomerReal,
  entry: TrackedRecord,
  actual: Record<string, unknown>,
  onlyKeysPresent = false,
): string[] {
  const changes = Object.fromEntries(Object.entries(entry.changes).filter(([k]) => !r.unshown.has(k)));
  const { notShown, changed } = loosePartialUpdateViolations(entry.original, actual, changes);
  const present = new Set(leavesOf(actual).keys());
  return [
    ...(onlyKeysPresent ? [] : notShown),
    ...changed.filter((c) => !onlyKeysPresent || present.has(c.split(':')[0]!)),
  ];
}

/** The differences as field mismatches, each naming the answer that showed the record. */
function violation(what: string, problems: string[], res: ApiResponse): never {
  throw new ContractViolation(what, fieldMismatches('the fields the updates sent', problems.slice(0, 10), res));
}

/** The customer read tolerantly after the sequence's writes, until `shows` holds (a write may apply after its answer), within the check's one window. */
async function readUntil(
  r: CustomerReal,
  entry: TrackedRecord,
  write: string,
  shows: (record: Record<string, unknown>) => boolean,
): Promise<{ record: Record<string, unknown>; res: ApiResponse } | undefined> {
  const { value } = await r.wait(
    `${write}: customer ${entry.id} read back`,
    () => readCustomerTolerantly(r.ctx, entry.id, entry.term),
    (x) => !x || shows(x.record),
  );
  return value;
}

/** POST one customer, locate it by its marker, read it: the read is the model's baseline. */
export class CreateCustomer implements CustomerCommand {
  constructor(readonly build: () => CustomerInput) {}
  check = () => true;
  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    // In the run's negotiated shape, so the model compares what was sent (body.ts).
    const input = shaped(this.build(), await customerBody(r.ctx));
    const term = customerTermOf(input, r.ctx.profile.customers);
    const since = Date.now();
    const res = await createLedgered(r.ctx, 'customer', [customerLocator(term)], () => postCustomers(r.ctx, [input]));
    if (!isSuccess(res))
      r.ctx.inconclusive(
        `precondition: POST /customers with the profile's body was refused (${describeResponse(res)})`,
      );
    const at = (await locateCreated(r.ctx, res, [term], since, { wait: r.wait })).outcomes[0];
    if (!isLocated(at))
      r.ctx.inconclusive('precondition: the created customer could not be located by its unique word');
    const id = at.id;
    // The locator's read by id is the baseline (the listed record when that read was refused).
    const original = r.ctx.need(
      isSuccess(at.read) ? customerIn(at.read.json, id) : (await readCustomerTolerantly(r.ctx, id, term))?.record,
      `precondition: the created customer ${id} could not be read back`,
    );
    // Fields the server shows nowhere (under any name) are left out of the comparisons.
    for (const miss of whereSentShows(original, input).notShown) r.unshown.add(miss.split(':')[0]!);
    m.customers.push(tracked(id, term, original));
  }
  toString = () => 'create';
}

/** PUT the profile's updatable field, sometimes with a rewritten marker field; a refused PUT changes nothing. */
export class UpdateCustomer implements CustomerCommand {
  constructor(
    readonly pick: number,
    readonly value: string,
    readonly alsoMarkerField: boolean,
  ) {}
  check = (m: Readonly<CustomerModel>) => live(m).length > 0;
  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const entry = pickOf(live(m), this.pick)!;
    const names = r.ctx.profile.customers;
    // The marker field keeps the marker and the unique term (last), so the record stays findable.
    let sent: Record<string, unknown> = { [names.updatableField]: this.value };
    if (this.alsoMarkerField) sent[names.markerField] = customerMarkerText(`${r.ctx.marker} edited`, entry.term);
    sent = shaped(sent, await customerBody(r.ctx));
    const res = await putCustomers(r.ctx, [{ customerId: entry.id, ...sent }]);
    if (!isSuccess(res)) {
      r.stats.updatesRefused += 1;
      return;
    }
    r.stats.updatesApplied += 1;
    Object.assign(entry.changes, sent);
  }
  toString = () => `update(${this.pick}, ${JSON.stringify(this.value)}${this.alsoMarkerField ? ', marker field' : ''})`;
}

/** PATCH one customer; its archive effects have their own clause, so the model re-bases on a fresh read. */
export class ArchiveCustomer implements CustomerCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CustomerModel>) => live(m).length > 0;
  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const entry = pickOf(live(m), this.pick)!;
    const res = await archiveCustomers(r.ctx, [entry.id]);
    if (!isSuccess(res)) r.ctx.inconclusive(`precondition: PATCH /customers was refused (${describeResponse(res)})`);
    r.ctx.ledger.archived('customer', entry.id);
    entry.archived = true;
    const read = await readUntil(r, entry, 'PATCH /customers', (x) => inactiveState(x) !== false);
    if (read) rebase(entry, read.record);
    else entry.readable = false;
  }
  toString = () => `archive(${this.pick})`;
}

/** A read must show the baseline plus every accepted change, and nothing else changed. */
export class GetCustomer implements CustomerCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CustomerModel>) => readable(m).length > 0;
  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    await this.runOn(m, r, pickOf(readable(m), this.pick)!);
  }
  async runOn(m: CustomerModel, r: CustomerReal, entry: TrackedRecord): Promise<void> {
    const { record, res } = r.ctx.need(
      await readUntil(r, entry, 'the sequence', (x) => differences(r, entry, x).length === 0),
      `precondition: customer ${entry.id} could not be read in the sequence`,
    );
    const problems = differences(r, entry, record);
    if (problems.length)
      violation(`customer ${label(m, entry)} as read disagrees with the updates sent`, problems, res);
    r.ctx.saw(1, 'customer reads compared with the model');
  }
  toString = () => `get(${this.pick})`;
}

/** The listed record, found by its marker, must agree with the model on the fields it shows. */
export class ListCustomers implements CustomerCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CustomerModel>) => live(m).length > 0;
  async run(m: CustomerModel, r: CustomerReal): Promise<void> {
    const entry = pickOf(live(m), this.pick)!;
    const find = () => findCustomersByTerm(r.ctx, [entry.term], r.ctx.companyId, 3);
    const agrees = (found: Awaited<ReturnType<typeof find>>) => {
      // Waited for only while it shows stale: one the list does not show is not this clause's to wait for.
      const listed = found.get(entry.term);
      return !listed || differences(r, entry, listed, true).length === 0;
    };
    const found = (await r.wait(`the sequence's writes to customer ${entry.id} shown in GET /customers`, find, agrees))
      .value;
    const record = found.get(entry.term);
    if (!record) return;
    const problems = differences(r, entry, record, true);
    if (problems.length) {
      // The page that lists the record (found by its word) is the failure's exchange; every search made one.
      const same = (x: Record<string, unknown>) => x === record || JSON.stringify(x) === JSON.stringify(record);
      const pages = found.responses!;
      const shownIn = pages.find((res) => isSuccess(res) && customerRecords(res.json).some(same)) ?? pages[0]!;
      violation(`customer ${label(m, entry)} as listed disagrees with the updates sent`, problems, shownIn);
    }
    r.ctx.saw(1, 'listed customers compared with the model');
  }
  toString = () => `list(${this.pick})`;
}

/** Sequences of at most `maxCommands` actions, weighted towards updates and reads. */
export function customerCommands(
  marker: string,
  names: Profile['customers'],
  maxCommands = 8,
): fc.Arbitrary<Iterable<CustomerCommand>> {
  const pick = fc.nat({ max: 7 });
  const update = fc
    .tuple(pick, customerNameChangeArbitrary, fc.boolean())
    .map(([p, v, both]) => new UpdateCustomer(p, v, both));
  return fc.commands(
    [
      validCustomerArbitrary(marker, names).map((build) => new CreateCustomer(build)),
      update,
      update,
      pick.map((p) => new ArchiveCustomer(p)),
      pick.map((p) => new GetCustomer(p)),
      pick.map((p) => new GetCustomer(p)),
      pick.map((p) => new ListCustomers(p)),
    ],
    { maxCommands },
  );
}
