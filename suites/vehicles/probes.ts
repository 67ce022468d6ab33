import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, fieldValue, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isLocated } from '../../harness/locate/locator.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle, type VehicleChanges, type VehicleInput } from '../../generators/vehicles.js';
import { ownRecords } from '../common/own-records.js';
import { expectRefusedAtEveryPosition, type Deal, type Effect } from '../common/positions.js';
import { archiveVehicles, postVehicles, putVehicles, vehicles } from './adapter.js';
import { fixtureRecord, vehicleArchive, vehicleFixture, vehicleLocator, vehicleUpdate } from './fixtures.js';

/**
 * The refusal probes of the vehicle bulk writes (§2.1 required fields, §4.1), each at every
 * position beside two valid entries. The valid entries change nothing a check reads: new vehicles
 * of the run's customer, the update scenario's own changes sent again, the two vehicles the archive
 * scenario already archived (§3 archives from any state). Each probe's twin is that scenario's
 * accepted write, checked first.
 */

type NewVehicle = VehicleInput | Omit<VehicleInput, 'customerId'>;

/**
 * §1, §4.1: a vehicle belongs to a customer and is created with its customerId. The bad entry is a
 * whole vehicle without it; if the bulk is not refused, every entry is located (the one without an
 * owner by the updated-date window) and ledgered, and the ownerless one, if found, fails.
 */
export async function expectCreateWithoutCustomerRefused(ctx: CheckContext, deal: Deal): Promise<void> {
  const fx = await vehicleFixture(ctx);
  if (!isSuccess(fx.create))
    ctx.inconclusive(
      `precondition: the run's valid vehicles, each with its customerId, were refused too (${describeResponse(fx.create)})`,
    );
  await ctx.cite(fx.create);
  const customerId = ctx.need(ctx.target.customerId, 'CUSTOMER_ID is not set');
  await expectRefusedAtEveryPosition<NewVehicle>(ctx, {
    write: 'POST /vehicles',
    bad: 'a vehicle without customerId',
    deal,
    build: (position) => {
      const f = seededFaker(ctx.seed, `vehicle-without-customer-${position}`);
      const { customerId: _owner, ...ownerless } = buildVehicle(f, ctx.marker, customerId);
      return {
        bad: ownerless,
        valid: [buildVehicle(f, ctx.marker, customerId), buildVehicle(f, ctx.marker, customerId)],
      };
    },
    send: (entries) => postVehicles(ctx, entries),
    effect: async (res, entries, index, sentAt) => {
      const found = await ownRecords(ctx, 'vehicle', entries.map(vehicleLocator), {
        answer: res,
        since: sentAt,
        what: 'POST /vehicles (3 vehicles, one without customerId)',
      });
      const at = found.outcomes[index];
      if (isLocated(at))
        return { tookEffect: true, how: `vehicle ${at.id} with VIN ${entries[index]!.vin} was created` };
      return at?.proven ? { tookEffect: false, how: at.why } : { unknown: at?.why ?? 'the vehicle was not looked for' };
    },
  });
}

/** §2.1: vehicleId is required on update. The valid entries send the update scenario's changes again. */
export async function expectUpdateWithoutIdRefused(ctx: CheckContext, deal: Deal): Promise<void> {
  const [fx, valid] = await Promise.all([vehicleFixture(ctx), vehicleUpdate(ctx)]);
  if (!isSuccess(valid.put))
    ctx.inconclusive(`precondition: the same PUT with vehicleId was refused too (${describeResponse(valid.put)})`);
  await ctx.cite(valid.put);
  const [a, b] = [fixtureRecord(ctx, fx, 'update-a').id, fixtureRecord(ctx, fx, 'update-b').id];
  await expectRefusedAtEveryPosition<VehicleChanges & { vehicleId?: string }>(ctx, {
    write: 'PUT /vehicles',
    bad: 'an entry without vehicleId',
    deal,
    build: () => ({
      bad: { mileage: 12_345 },
      valid: [
        { vehicleId: a, ...valid.sent.a },
        { vehicleId: b, ...valid.sent.b },
      ],
    }),
    send: (entries) => putVehicles(ctx, entries),
  });
}

/** The probe vehicle read until it shows Inactive, within the window: an archive without customerId that took effect. */
async function probeArchived(ctx: CheckContext, id: string): Promise<Effect> {
  const w = await ctx.eventually(
    `PATCH /vehicles without customerId: vehicle ${id} shows vehicleStatus Inactive`,
    () => vehicles.get(ctx, id),
    (res: ApiResponse) => {
      const record = isSuccess(res) ? vehicles.recordIn(res, id) : undefined;
      return !record || fieldValue(record, ['vehicleStatus']) === 'Inactive';
    },
  );
  const record = isSuccess(w.value) ? vehicles.recordIn(w.value, id) : undefined;
  if (!record) return { unknown: `vehicle ${id} could not be read back (${describeResponse(w.value)})` };
  if (!w.shown)
    return {
      tookEffect: false,
      how: `vehicle ${id} still reads ${String(fieldValue(record, ['vehicleStatus']))} after the window`,
    };
  // Archived by mistake: the cleanup must not archive it twice.
  ctx.ledger.archived('vehicle', id);
  return { tookEffect: true, how: `vehicle ${id} reads vehicleStatus Inactive` };
}

/**
 * §2.1: vehicleId and customerId are both required on archive. The valid entries archive again the
 * two vehicles the archive scenario archived. Without customerId the bad entry names the probe
 * vehicle, whose status shows whether it took effect; without vehicleId it names nothing.
 */
export async function expectArchiveWithoutIdRefused(
  ctx: CheckContext,
  missing: 'vehicleId' | 'customerId',
  deal: Deal,
): Promise<void> {
  const [fx, valid] = await Promise.all([vehicleFixture(ctx), vehicleArchive(ctx)]);
  if (!isSuccess(valid.patch))
    ctx.inconclusive(`precondition: the same PATCH with both ids was refused too (${describeResponse(valid.patch)})`);
  await ctx.cite(valid.patch);
  const customerId = fx.inputs.probe.customerId;
  const archived = [fixtureRecord(ctx, fx, 'archive-a').id, fixtureRecord(ctx, fx, 'archive-b').id] as const;
  const probe = missing === 'customerId' ? fixtureRecord(ctx, fx, 'probe').id : undefined;
  await expectRefusedAtEveryPosition<{ vehicleId?: string; customerId?: string }>(ctx, {
    write: 'PATCH /vehicles',
    bad: `an entry without ${missing}`,
    deal,
    build: () => ({
      bad: probe ? { vehicleId: probe } : { customerId },
      valid: [
        { vehicleId: archived[0], customerId },
        { vehicleId: archived[1], customerId },
      ],
    }),
    send: (entries) => archiveVehicles(ctx, entries),
    ...(probe ? { effect: () => probeArchived(ctx, probe) } : {}),
  });
}
