import type { ApiResponse } from '../../../harness/client.js';
import fc from 'fast-check';
import {
  ContractViolation,
  describeResponse,
  fieldMismatches,
  fieldValue,
  isSuccess,
} from '../../../harness/checks/index.js';
import { isLocated } from '../../../harness/locate/locator.js';
import { liveRecords, modelDifferences, readableRecords, rebase, tracked } from '../../../harness/model/records.js';
import { pickOf } from '../../../harness/model/run.js';
import {
  termOf,
  validVehicleArbitrary,
  vehicleChangesArbitrary,
  type VehicleChanges,
  type VehicleInput,
} from '../../../generators/vehicles.js';
import type { CheckContext } from '../../../harness/conformance.js';
import { archiveVehicles, putVehicles, vehicles } from '../adapter.js';
import { createVehicles } from '../fixtures.js';
import type { VehicleEntry, VehicleModel, VehicleReal } from './state.js';

type VehicleCommand = fc.AsyncCommand<VehicleModel, VehicleReal>;

const live = (m: Readonly<VehicleModel>) => liveRecords(m.vehicles);
const readable = (m: Readonly<VehicleModel>) => readableRecords(m.vehicles);
const label = (m: Readonly<VehicleModel>, e: VehicleEntry) => `#${m.vehicles.indexOf(e)}`;

function violation(what: string, problems: string[], res: ApiResponse): never {
  throw new ContractViolation(what, fieldMismatches('the fields the updates sent', problems.slice(0, 10), res));
}

/**
 * One vehicle read by id, until it agrees with the model (a write may apply after its answer), within
 * the window; a refusal or a missing record is a failed precondition of the sequence.
 */
async function readVehicle(
  r: VehicleReal,
  entry: VehicleEntry,
  when: string,
): Promise<{ record: Record<string, unknown>; res: ApiResponse }> {
  const { ctx } = r;
  const { value: res } = await r.wait(
    `the sequence's writes to vehicle ${entry.id} shown by GET /vehicles/${entry.id}`,
    () => vehicles.get(ctx, entry.id),
    (x) => {
      const record = isSuccess(x) ? vehicles.recordIn(x, entry.id) : undefined;
      return !!record && modelDifferences(entry, record).length === 0;
    },
  );
  if (!isSuccess(res))
    ctx.inconclusive(`precondition: reading vehicle ${entry.id} ${when} was refused (${describeResponse(res)})`);
  const record = ctx.need(
    vehicles.recordIn(res, entry.id),
    `precondition: GET /vehicles/${entry.id} ${when} did not hold that vehicle`,
  );
  return { record, res };
}

/** POST one vehicle, then read it: the read is the model's baseline. */
export class CreateVehicle implements VehicleCommand {
  constructor(readonly build: () => VehicleInput) {}
  check = () => true;
  async run(m: VehicleModel, r: VehicleReal): Promise<void> {
    const input = this.build();
    const { create, found } = await createVehicles(r.ctx, [input], { wait: r.wait });
    if (!isSuccess(create))
      r.ctx.inconclusive(`precondition: POST /vehicles was refused (${describeResponse(create)})`);
    const at = found[0];
    if (!isLocated(at)) r.ctx.inconclusive('precondition: the created vehicle could not be located');
    const vehicleId = at.id;
    // The locator's read by id is the baseline.
    if (!isSuccess(at.read))
      r.ctx.inconclusive(
        `precondition: reading vehicle ${vehicleId} after create was refused (${describeResponse(at.read)})`,
      );
    const original = r.ctx.need(
      vehicles.recordIn(at.read, vehicleId),
      `precondition: GET /vehicles/${vehicleId} after create did not hold that vehicle`,
    );
    m.vehicles.push({ ...tracked(vehicleId, termOf(input), original), customerId: input.customerId });
  }
  toString = () => 'create';
}

/** PUT a random subset of fields; a refused PUT must leave the record as it was. */
export class UpdateVehicle implements VehicleCommand {
  constructor(
    readonly pick: number,
    readonly changes: VehicleChanges,
  ) {}
  check = (m: Readonly<VehicleModel>) => live(m).length > 0;
  async run(m: VehicleModel, r: VehicleReal): Promise<void> {
    const entry = pickOf(live(m), this.pick)!;
    const res = await putVehicles(r.ctx, [{ vehicleId: entry.id, ...this.changes }]);
    if (!isSuccess(res)) {
      r.stats.updatesRefused += 1;
      return;
    }
    r.stats.updatesApplied += 1;
    Object.assign(entry.changes, this.changes);
  }
  toString = () => `update(${this.pick}, ${fc.stringify(this.changes)})`;
}

/** PATCH one vehicle; its archive effects have their own clauses, so the model re-bases on a fresh read. */
export class ArchiveVehicle implements VehicleCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<VehicleModel>) => live(m).length > 0;
  async run(m: VehicleModel, r: VehicleReal): Promise<void> {
    const entry = pickOf(live(m), this.pick)!;
    const res = await archiveVehicles(r.ctx, [{ vehicleId: entry.id, customerId: entry.customerId }]);
    if (!isSuccess(res)) r.ctx.inconclusive(`precondition: PATCH /vehicles was refused (${describeResponse(res)})`);
    r.ctx.ledger.archived('vehicle', entry.id);
    entry.archived = true;
    const { value: read } = await r.wait(
      `PATCH /vehicles: vehicle ${entry.id} shows vehicleStatus Inactive`,
      () => vehicles.get(r.ctx, entry.id),
      (x) => {
        const record = isSuccess(x) ? vehicles.recordIn(x, entry.id) : undefined;
        return !record || fieldValue(record, ['vehicleStatus']) === 'Inactive';
      },
    );
    const record = isSuccess(read) ? vehicles.recordIn(read, entry.id) : undefined;
    if (record) rebase(entry, record);
    else entry.readable = false;
  }
  toString = () => `archive(${this.pick})`;
}

/** GET by id must show the baseline plus every accepted change, and nothing else changed. */
export class GetVehicle implements VehicleCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<VehicleModel>) => readable(m).length > 0;
  async run(m: VehicleModel, r: VehicleReal): Promise<void> {
    await this.runOn(m, r, pickOf(readable(m), this.pick)!);
  }
  async runOn(m: VehicleModel, r: VehicleReal, entry: VehicleEntry): Promise<void> {
    const { record, res } = await readVehicle(r, entry, 'in the sequence');
    const problems = modelDifferences(entry, record);
    if (problems.length)
      violation(`vehicle ${label(m, entry)} (${entry.id}) read by id disagrees with the updates sent`, problems, res);
    r.ctx.saw(1, 'vehicle reads compared with the model');
  }
  toString = () => `get(${this.pick})`;
}

/** The list record (found by the vehicle's unique term) must agree with the model on the fields it shows. */
export class ListVehicles implements VehicleCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<VehicleModel>) => live(m).length > 0;
  async run(m: VehicleModel, r: VehicleReal): Promise<void> {
    const entry = pickOf(live(m), this.pick)!;
    // Finding the record is the search clause's business: compare only what the list shows, once it shows the sequence's writes.
    const { value: res } = await r.wait(
      `the sequence's writes to vehicle ${entry.id} shown by GET /vehicles?customerId=&search=`,
      () => vehicles.list(r.ctx, { customerId: entry.customerId, search: entry.term, size: 10, page: 1 }),
      (x) => {
        // Waited for only while it shows stale: one the search does not list is not this clause's to wait for.
        const listed = isSuccess(x) ? vehicles.recordIn(x, entry.id) : undefined;
        return !listed || modelDifferences(entry, listed, true).length === 0;
      },
    );
    const record = isSuccess(res) ? vehicles.recordIn(res, entry.id) : undefined;
    if (!record) return;
    const problems = modelDifferences(entry, record, true);
    if (problems.length)
      violation(`vehicle ${label(m, entry)} (${entry.id}) as listed disagrees with the updates sent`, problems, res);
    r.ctx.saw(1, 'listed vehicles compared with the model');
  }
  toString = () => `list(${this.pick})`;
}

/** Sequences of at most `maxCommands` actions, weighted towards updates and reads. */
export function vehicleCommands(
  marker: string,
  customerId: string,
  maxCommands = 8,
): fc.Arbitrary<Iterable<VehicleCommand>> {
  const pick = fc.nat({ max: 7 });
  return fc.commands(
    [
      validVehicleArbitrary(marker, customerId).map((build) => new CreateVehicle(build)),
      fc.tuple(pick, vehicleChangesArbitrary).map(([p, c]) => new UpdateVehicle(p, c)),
      fc.tuple(pick, vehicleChangesArbitrary).map(([p, c]) => new UpdateVehicle(p, c)),
      pick.map((p) => new ArchiveVehicle(p)),
      pick.map((p) => new GetVehicle(p)),
      pick.map((p) => new GetVehicle(p)),
      pick.map((p) => new ListVehicles(p)),
    ],
    { maxCommands },
  );
}
