import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { fieldValue, isSuccess, sentFieldsNotApplied } from '../../harness/checks/index.js';
import type { RecordLocator } from '../../harness/core/events.js';
import { isLocated, type ShownListing, type Unlocated, type Waiter } from '../../harness/locate/locator.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle, vehicleChanges, type VehicleChanges, type VehicleInput } from '../../generators/vehicles.js';
import type { Rec } from '../common/adapter.js';
import { refusedInBody } from '../common/frame.js';
import { createInBatches, windowLeft, type BatchedCreate } from '../common/own-records.js';
import { archiveVehicles, postVehicles, putVehicles, vehicles } from './adapter.js';

/**
 * The vehicles a run creates, once per target, for every vehicle check: bulk POSTs (§4.1 takes an
 * array) of at most BULK_BATCH (S-8-bulk-count-limit) with a record per role, each located and read back by id once. Checks that change a
 * record own its role; the others only read. Mutations run as shared scenarios too, so their
 * answers are judged by every clause they bear on without sending them twice.
 */

export const vehicleRoles = ['miles', 'km', 'update-a', 'update-b', 'archive-a', 'archive-b', 'probe'] as const;
export type VehicleRole = (typeof vehicleRoles)[number];

export interface VehicleFixture {
  /** The POST /vehicles answer (VEHICLE-CREATE-ENVELOPE judges it). */
  create: ApiResponse;
  inputs: Record<VehicleRole, VehicleInput>;
  /** Ids of the created vehicles that could be located. */
  ids: Partial<Record<VehicleRole, string>>;
  /** GET /vehicles/{id} of each located vehicle, after the create. */
  reads: Partial<Record<VehicleRole, ApiResponse>>;
  /** Why a role has no id: not found by any documented means, shown absent (proven) or not. */
  unlocated: Partial<Record<VehicleRole, Unlocated>>;
  /**
   * The customer's vehicles updated since shortly before the create (§4.1 customerId and
   * updatedDateStart), read until the created vehicles showed (or the window ended): the lists the
   * later checks read show them without waiting again.
   */
  listed?: ShownListing;
  /** When the create was sent (Date.now()): later reads wait for it until CONSISTENCY_WINDOW_MS after. */
  writtenAt: number;
}

/** What a role's vehicle is created with beyond the generated fields; update-b's image is emptied by the update (§2.1 imgUrl may be ''). */
const overridesOf = (role: VehicleRole): Partial<VehicleInput> =>
  role === 'miles'
    ? { mileageUnit: 'Miles' }
    : role === 'km'
      ? { mileageUnit: 'KM' }
      : role === 'update-b'
        ? { imgUrl: 'https://example.com/conformance/vehicle.jpg' }
        : {};

/** What finds a vehicle the run created: its unique VIN and plate, under its customer. */
export const vehicleLocator = (
  input: Pick<VehicleInput, 'vin' | 'licensePlate'> & { customerId?: string },
): RecordLocator => ({ keys: { vin: input.vin, licensePlate: input.licensePlate }, customerId: input.customerId });

/**
 * POSTs vehicles in bulk requests of at most BULK_BATCH (harness/core/batches.ts), ledgers each at once by its locator, and locates each one
 * (harness/locate: the ids of the answer, checked by a read; else the customer's list); `found` is
 * empty when the create was refused. `visible` also waits until the customer's list shows them.
 */
export async function createVehicles(
  ctx: CheckContext,
  inputs: readonly VehicleInput[],
  o: { visible?: boolean; wait?: Waiter } = {},
): Promise<BatchedCreate> {
  return createInBatches(ctx, 'vehicle', inputs, vehicleLocator, (batch) => postVehicles(ctx, batch), {
    what: `POST /vehicles (${inputs.length} vehicle${inputs.length > 1 ? 's' : ''})`,
    ...o,
  });
}

export function vehicleFixture(ctx: CheckContext): Promise<VehicleFixture> {
  return ctx.shared('vehicles', async (s) => {
    const customerId = s.need(s.target.customerId, 'CUSTOMER_ID is not set');
    const f = seededFaker(s.seed, 'vehicle-fixture');
    const inputs = Object.fromEntries(
      vehicleRoles.map((role) => [role, buildVehicle(f, s.marker, customerId, overridesOf(role))]),
    ) as Record<VehicleRole, VehicleInput>;
    const { create, found, listed, writtenAt } = await createVehicles(
      s,
      vehicleRoles.map((r) => inputs[r]),
      { visible: true },
    );
    const fixture: VehicleFixture = { create, inputs, ids: {}, reads: {}, unlocated: {}, listed, writtenAt };
    vehicleRoles.forEach((role, i) => {
      const at = found[i];
      if (!at) return;
      if (!isLocated(at)) return void (fixture.unlocated[role] = at);
      fixture.ids[role] = at.id;
      fixture.reads[role] = at.read;
    });
    return fixture;
  });
}

/** The located roles the fixture's listing showed: what a later list of the customer shows without waiting. */
export function listedRoles(fx: VehicleFixture, roles: readonly VehicleRole[]): string[] {
  const shown = new Set(fx.listed?.listing.ids ?? []);
  return roles.flatMap((r) => (fx.ids[r] && shown.has(fx.ids[r]!) ? [fx.ids[r]!] : []));
}

/** The roles (all by default) whose vehicle was read back after the create, with that read. */
export function fixtureReads(
  fx: VehicleFixture,
  roles: readonly VehicleRole[] = vehicleRoles,
): { role: VehicleRole; id: string; record: Rec; read: ApiResponse }[] {
  return roles.flatMap((role) => {
    const [id, read] = [fx.ids[role], fx.reads[role]];
    const record = id && read && isSuccess(read) ? vehicles.recordIn(read, id) : undefined;
    return id && read && record ? [{ role, id, record, read }] : [];
  });
}

/** The vehicle of a role as read back after the create, or inconclusive with why it is missing. */
export function fixtureRecord(
  ctx: CheckContext,
  fx: VehicleFixture,
  role: VehicleRole,
): { id: string; record: Rec; read: ApiResponse } {
  if (!isSuccess(fx.create))
    ctx.inconclusive(
      `precondition: POST /vehicles with ${vehicleRoles.length} valid vehicles was refused (${fx.create.status})`,
    );
  const id = ctx.need(fx.ids[role], `precondition: the created vehicle for ${role} could not be located`);
  const read = ctx.need(fx.reads[role], `precondition: vehicle ${id} was not read back`);
  if (!isSuccess(read))
    ctx.inconclusive(`precondition: reading vehicle ${id} after the create was refused (${read.status})`);
  const record = ctx.need(vehicles.recordIn(read, id), `precondition: GET /vehicles/${id} did not hold that vehicle`);
  return { id, record, read };
}

export interface UpdateScenario {
  /** The PUT /vehicles answer, for VEHICLE-UPDATE-ENVELOPE. */
  put: ApiResponse;
  sent: { a: VehicleChanges; b: VehicleChanges };
  /** GET by id after the PUT, per entry. */
  after: { a?: ApiResponse; b?: ApiResponse };
}

/** One PUT with two entries (§4.1 bulk), each changing other fields; both read back. */
export function vehicleUpdate(ctx: CheckContext): Promise<UpdateScenario> {
  return ctx.shared('vehicles:update', async (s) => {
    const fx = await vehicleFixture(s);
    const a = fixtureRecord(s, fx, 'update-a');
    const b = fixtureRecord(s, fx, 'update-b');
    const f = seededFaker(s.seed, 'vehicle-update');
    const sent = { a: vehicleChanges(f, 'a'), b: vehicleChanges(f, 'b') };
    const put = await putVehicles(s, [
      { vehicleId: a.id, ...sent.a },
      { vehicleId: b.id, ...sent.b },
    ]);
    if (!isSuccess(put)) return { put, sent, after: {} };
    // A write may be applied after its answer (202): each vehicle is read until it shows the fields sent, within the window.
    const readBack = (id: string, changes: VehicleChanges) =>
      s.eventually(
        `PUT /vehicles: vehicle ${id} shows ${Object.keys(changes).join(', ')} as sent`,
        () => vehicles.get(s, id),
        (res) => {
          const record = isSuccess(res) ? vehicles.recordIn(res, id) : undefined;
          return !!record && sentFieldsNotApplied(record, changes).length === 0;
        },
      );
    const [afterA, afterB] = await Promise.all([readBack(a.id, sent.a), readBack(b.id, sent.b)]);
    return { put, sent, after: { a: afterA.value, b: afterB.value } };
  });
}

export interface ArchiveScenario {
  /** The PATCH /vehicles answer, for VEHICLE-ARCHIVE-ENVELOPE. */
  patch: ApiResponse;
  after: { a?: ApiResponse; b?: ApiResponse };
  /** When the PATCH was sent (Date.now()). */
  writtenAt: number;
}

/** §3 archives "from any state": one of the archived vehicles archived once more, and read back. */
export function vehicleArchiveAgain(
  ctx: CheckContext,
): Promise<{ patch: ApiResponse; after?: ApiResponse; id: string }> {
  return ctx.shared('vehicles:archive-again', async (s) => {
    const [fx, first] = await Promise.all([vehicleFixture(s), vehicleArchive(s)]);
    const { id } = fixtureRecord(s, fx, 'archive-a');
    if (!isSuccess(first.patch)) s.inconclusive(`precondition: the first archive was refused (${first.patch.status})`);
    const patch = await archiveVehicles(s, [{ vehicleId: id, customerId: fx.inputs['archive-a'].customerId }]);
    // Inactive is due within the window of the first archive: what it has not shown by then, the second does not owe a new window for.
    return {
      patch,
      id,
      after: (await readUntilInactive(s, id, 'a second PATCH /vehicles', windowLeft(s, first.writtenAt))).value,
    };
  });
}

/** One PATCH with two entries (§4.1 bulk archive); both read back. */
export function vehicleArchive(ctx: CheckContext): Promise<ArchiveScenario> {
  return ctx.shared('vehicles:archive', async (s) => {
    const fx = await vehicleFixture(s);
    const a = fixtureRecord(s, fx, 'archive-a');
    const b = fixtureRecord(s, fx, 'archive-b');
    const customerId = fx.inputs['archive-a'].customerId;
    const writtenAt = Date.now();
    const patch = await archiveVehicles(s, [
      { vehicleId: a.id, customerId },
      { vehicleId: b.id, customerId },
    ]);
    if (!isSuccess(patch)) return { patch, after: {}, writtenAt };
    s.ledger.archived('vehicle', a.id);
    s.ledger.archived('vehicle', b.id);
    const [afterA, afterB] = await Promise.all([
      readUntilInactive(s, a.id, 'PATCH /vehicles'),
      readUntilInactive(s, b.id, 'PATCH /vehicles'),
    ]);
    return { patch, after: { a: afterA.value, b: afterB.value }, writtenAt };
  });
}

export interface ArchivedUpdateScenario {
  id: string;
  /** The PUT /vehicles answer: refused or undefined when it was not sent. */
  put?: ApiResponse;
  sent: VehicleChanges;
  /** The vehicle as read after its archive (the archive scenario's read), and after the update. */
  before?: ApiResponse;
  after?: ApiResponse;
}

/**
 * §4.1 PUT of a vehicle the run archived, sending fields other than vehicleStatus: the archived
 * vehicle of role archive-b (archive-a is archived again), read until the fields sent show.
 */
export function vehicleUpdateArchived(ctx: CheckContext): Promise<ArchivedUpdateScenario> {
  return ctx.shared('vehicles:update-archived', async (s) => {
    const [fx, ar] = await Promise.all([vehicleFixture(s), vehicleArchive(s)]);
    const { id } = fixtureRecord(s, fx, 'archive-b');
    const sent = vehicleChanges(seededFaker(s.seed, 'vehicle-update-archived'), 'a');
    const before = ar.after.b;
    const archived = before && isSuccess(before) ? vehicles.recordIn(before, id) : undefined;
    if (!archived || fieldValue(archived, ['vehicleStatus']) !== 'Inactive') return { id, sent, before };
    const put = await putVehicles(s, [{ vehicleId: id, ...sent }]);
    // A refusal is a realistic answer (S-3-update-archived): what it proves is read back once.
    if (!isSuccess(put) || refusedInBody(put)) return { id, sent, before, put, after: await vehicles.get(s, id) };
    const { value: after } = await s.eventually(
      `PUT /vehicles: archived vehicle ${id} shows ${Object.keys(sent).join(', ')} as sent`,
      () => vehicles.get(s, id),
      (res) => {
        const record = isSuccess(res) ? vehicles.recordIn(res, id) : undefined;
        return !record || sentFieldsNotApplied(record, sent).length === 0;
      },
    );
    return { id, sent, before, put, after };
  });
}

/** A vehicle read by id after an archive until it shows vehicleStatus Inactive (a write may apply after its answer), within the window. */
function readUntilInactive(ctx: CheckContext, id: string, write: string, window: { windowMs?: number } = {}) {
  return ctx.eventually(
    `${write}: vehicle ${id} shows vehicleStatus Inactive`,
    () => vehicles.get(ctx, id),
    (res) => {
      const record = isSuccess(res) ? vehicles.recordIn(res, id) : undefined;
      return !!record && fieldValue(record, ['vehicleStatus']) === 'Inactive';
    },
    window,
  );
}

/** The first page of the unfiltered list, read once for every check that samples existing vehicles. */
export function vehicleSample(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.shared('vehicles:sample', (s) => vehicles.list(s, { size: 50, page: 1 }));
}
