import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { containsText, isSuccess, objectsWithKey } from '../../harness/checks/index.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle, termOf, vehicleChanges, type VehicleChanges, type VehicleInput } from '../../generators/vehicles.js';
import type { Rec } from '../common/adapter.js';
import { archiveVehicles, postVehicles, putVehicles, vehicles } from './adapter.js';

/**
 * The vehicles a run creates, once per target, for every vehicle check: one bulk POST (§4.1 takes
 * an array) with a record per role, each located and read back by id once. Checks that change a
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
  /** GET /vehicles/{id} right after the create, per role. */
  reads: Partial<Record<VehicleRole, ApiResponse>>;
  /** Why a role has no id: not shown in the answer and not in the customer's whole list, or the search was cut short. */
  unlocated: Partial<Record<VehicleRole, { proven: boolean; why: string }>>;
}

export type Located = { id: string } | { proven: boolean; why: string };

/** Finds a created vehicle whose create answer did not show its id: by the documented customer filter. */
async function locate(ctx: CheckContext, input: VehicleInput): Promise<Located> {
  const term = termOf(input);
  for (let page = 1; page <= 3; page++) {
    const res = await vehicles.list(ctx, { customerId: input.customerId, size: 100, page });
    if (!isSuccess(res)) return { proven: false, why: `GET /vehicles?customerId= was refused (${res.status})` };
    const records = vehicles.records(res);
    const id = records.filter((r) => containsText(r, term)).map(vehicles.idOf).find(Boolean);
    if (id) return { id };
    if (records.length < 100) return { proven: true, why: `not in the answer, nor among the ${(page - 1) * 100 + records.length} vehicles listed for customer ${input.customerId}` };
  }
  return { proven: false, why: 'not in the answer, nor in the first 300 vehicles of the customer' };
}

/**
 * POSTs vehicles in one bulk request and locates each one's id (from the answer, else by the
 * customer filter); ledgers every located vehicle. `found` is empty when the create was refused.
 */
export async function createVehicles(ctx: CheckContext, inputs: readonly VehicleInput[]): Promise<{ create: ApiResponse; found: Located[] }> {
  const create = await postVehicles(ctx, inputs);
  if (!isSuccess(create)) return { create, found: [] };
  const returned = objectsWithKey(create.json, 'vehicleId');
  const found = await Promise.all(
    inputs.map(async (input): Promise<Located> => {
      const shown = returned.find((r) => containsText(r, termOf(input)));
      const at: Located = shown ? { id: String(shown.vehicleId) } : await locate(ctx, input);
      if ('id' in at) ctx.ledger.created('vehicle', at.id, { customerId: input.customerId });
      return at;
    }),
  );
  return { create, found };
}

export function vehicleFixture(ctx: CheckContext): Promise<VehicleFixture> {
  return ctx.shared('vehicles', async (s) => {
    const customerId = s.need(s.target.customerId, 'CUSTOMER_ID is not set');
    const f = seededFaker(s.seed, 'vehicle-fixture');
    const inputs = Object.fromEntries(
      vehicleRoles.map((role) => [role, buildVehicle(f, s.marker, customerId, role === 'miles' ? { mileageUnit: 'Miles' } : role === 'km' ? { mileageUnit: 'KM' } : {})]),
    ) as Record<VehicleRole, VehicleInput>;
    const { create, found } = await createVehicles(s, vehicleRoles.map((r) => inputs[r]));
    const fixture: VehicleFixture = { create, inputs, ids: {}, reads: {}, unlocated: {} };
    await Promise.all(
      vehicleRoles.map(async (role, i) => {
        const at = found[i];
        if (!at) return;
        if (!('id' in at)) return void (fixture.unlocated[role] = at);
        fixture.ids[role] = at.id;
        fixture.reads[role] = await vehicles.get(s, at.id);
      }),
    );
    return fixture;
  });
}

/** The roles (all by default) whose vehicle was read back after the create, with that read. */
export function fixtureReads(fx: VehicleFixture, roles: readonly VehicleRole[] = vehicleRoles): { role: VehicleRole; id: string; record: Rec; read: ApiResponse }[] {
  return roles.flatMap((role) => {
    const [id, read] = [fx.ids[role], fx.reads[role]];
    const record = id && read && isSuccess(read) ? vehicles.recordIn(read, id) : undefined;
    return id && read && record ? [{ role, id, record, read }] : [];
  });
}

/** The vehicle of a role as read back after the create, or inconclusive with why it is missing. */
export function fixtureRecord(ctx: CheckContext, fx: VehicleFixture, role: VehicleRole): { id: string; record: Rec; read: ApiResponse } {
  if (!isSuccess(fx.create)) ctx.inconclusive(`precondition: POST /vehicles with ${vehicleRoles.length} valid vehicles was refused (${fx.create.status})`);
  const id = ctx.need(fx.ids[role], `precondition: the created vehicle for ${role} could not be located`);
  const read = ctx.need(fx.reads[role], `precondition: vehicle ${id} was not read back`);
  if (!isSuccess(read)) ctx.inconclusive(`precondition: reading vehicle ${id} after the create was refused (${read.status})`);
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
    const put = await putVehicles(s, [{ vehicleId: a.id, ...sent.a }, { vehicleId: b.id, ...sent.b }]);
    if (!isSuccess(put)) return { put, sent, after: {} };
    const [afterA, afterB] = await Promise.all([vehicles.get(s, a.id), vehicles.get(s, b.id)]);
    return { put, sent, after: { a: afterA, b: afterB } };
  });
}

export interface ArchiveScenario {
  /** The PATCH /vehicles answer, for VEHICLE-ARCHIVE-ENVELOPE. */
  patch: ApiResponse;
  after: { a?: ApiResponse; b?: ApiResponse };
}

/** §3 archives "from any state": one of the archived vehicles archived once more, and read back. */
export function vehicleArchiveAgain(ctx: CheckContext): Promise<{ patch: ApiResponse; after?: ApiResponse; id: string }> {
  return ctx.shared('vehicles:archive-again', async (s) => {
    const [fx, first] = await Promise.all([vehicleFixture(s), vehicleArchive(s)]);
    const { id } = fixtureRecord(s, fx, 'archive-a');
    if (!isSuccess(first.patch)) s.inconclusive(`precondition: the first archive was refused (${first.patch.status})`);
    const patch = await archiveVehicles(s, [{ vehicleId: id, customerId: fx.inputs['archive-a'].customerId }]);
    return { patch, id, after: await vehicles.get(s, id) };
  });
}

/** One PATCH with two entries (§4.1 bulk archive); both read back. */
export function vehicleArchive(ctx: CheckContext): Promise<ArchiveScenario> {
  return ctx.shared('vehicles:archive', async (s) => {
    const fx = await vehicleFixture(s);
    const a = fixtureRecord(s, fx, 'archive-a');
    const b = fixtureRecord(s, fx, 'archive-b');
    const customerId = fx.inputs['archive-a'].customerId;
    const patch = await archiveVehicles(s, [{ vehicleId: a.id, customerId }, { vehicleId: b.id, customerId }]);
    if (!isSuccess(patch)) return { patch, after: {} };
    s.ledger.archived('vehicle', a.id);
    s.ledger.archived('vehicle', b.id);
    const [afterA, afterB] = await Promise.all([vehicles.get(s, a.id), vehicles.get(s, b.id)]);
    return { patch, after: { a: afterA, b: afterB } };
  });
}

/** The first page of the unfiltered list, read once for every check that samples existing vehicles. */
export function vehicleSample(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.shared('vehicles:sample', (s) => vehicles.list(s, { size: 50, page: 1 }));
}
