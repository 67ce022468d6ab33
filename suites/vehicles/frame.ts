import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import { refusedInBody, refusedUpdate, watchedOnArchive, type FrameRecord, type FrameScope } from '../common/frame.js';
import { vehicles } from './adapter.js';
import {
  fixtureRecord,
  vehicleArchive,
  vehicleFixture,
  vehicleUpdate,
  vehicleUpdateArchived,
  type VehicleRole,
} from './fixtures.js';

/**
 * The frames of the vehicle writes (§4.1), judged whole by suites/common/frame.ts on the reads the
 * update and archive scenarios already make: no request of their own beyond the update of an
 * archived vehicle.
 */

const read = (res: Parameters<typeof vehicles.recordIn>[0] | undefined, id: string) =>
  res && isSuccess(res) ? vehicles.recordIn(res, id) : undefined;

/** §4.1 PUT: each entry changes the fields it sends and nothing else (the bulk update of two vehicles). */
export const vehicleUpdateFrame: FrameScope = {
  adapter: vehicles,
  clause: 'VEHICLE-UPDATE-PARTIAL',
  needs: ['write', 'customer'],
  write: 'PUT /vehicles',
  applied: 'judged',
  async touched(ctx) {
    const [fx, up] = await Promise.all([vehicleFixture(ctx), vehicleUpdate(ctx)]);
    if (!isSuccess(up.put))
      return {
        answer: up.put,
        unjudged: `PUT /vehicles was refused (${describeResponse(up.put)}); VEHICLE-UPDATE-ENVELOPE judges that`,
        records: [],
        reads: [],
      };
    const records = (['a', 'b'] as const).map((entry): FrameRecord => {
      const before = fixtureRecord(ctx, fx, entry === 'a' ? 'update-a' : 'update-b');
      return {
        id: before.id,
        before: before.record,
        after: read(up.after[entry], before.id),
        afterRead: up.after[entry],
        intent: { sets: up.sent[entry] },
      };
    });
    return { answer: up.put, records, reads: [fx.reads['update-a'], fx.reads['update-b'], up.after.a, up.after.b] };
  },
};

/**
 * §4.1 PUT on a vehicle the run archived, without vehicleStatus: the fields sent change, and it
 * stays Inactive (§3 shows no reactivation; vehicleStatus was not sent). Whether an archived
 * vehicle may be updated at all is not shown (S-3-update-archived): a refusal is judged by what it
 * proves (read back, every field kept, still Inactive); fields that never show leave it unjudged.
 */
export const vehicleArchivedUpdateFrame: FrameScope = {
  adapter: vehicles,
  clause: 'VEHICLE-UPDATE-PARTIAL',
  variant: 'archived',
  needs: ['write', 'customer'],
  write: 'PUT /vehicles of an archived vehicle',
  applied: 'optional',
  async touched(ctx) {
    const up = await vehicleUpdateArchived(ctx);
    const reads = [up.before, up.after];
    if (!up.put)
      return {
        unjudged: `precondition: vehicle ${up.id} did not read back Inactive after PATCH /vehicles (VEHICLE-ARCHIVE-INACTIVE judges that)`,
        records: [],
        reads,
      };
    ctx.observe('PUT /vehicles of an archived vehicle answered', up.put.status);
    if (!isSuccess(up.put) || refusedInBody(up.put))
      return refusedUpdate(up.put, up.id, read(up.before, up.id)!, read(up.after, up.id), reads, up.after);
    const before = read(up.before, up.id)!;
    return {
      answer: up.put,
      records: [{ id: up.id, before, after: read(up.after, up.id), afterRead: up.after, intent: { sets: up.sent } }],
      reads,
    };
  },
};

/** §3, §4.1 PATCH: vehicleStatus becomes Inactive and nothing else moves, on both vehicles archived in one bulk. */
export const vehicleArchiveFrame: FrameScope = {
  adapter: vehicles,
  clause: 'VEHICLE-ARCHIVE-ONLY-STATUS',
  needs: ['write', 'customer'],
  write: 'PATCH /vehicles',
  applied: 'precondition',
  async touched(ctx) {
    const [fx, ar] = await Promise.all([vehicleFixture(ctx), vehicleArchive(ctx)]);
    if (!isSuccess(ar.patch))
      return {
        answer: ar.patch,
        unjudged: `PATCH /vehicles was refused (${describeResponse(ar.patch)}); VEHICLE-ARCHIVE-ENVELOPE judges that`,
        records: [],
        reads: [],
      };
    const roles: [VehicleRole, 'a' | 'b'][] = [
      ['archive-a', 'a'],
      ['archive-b', 'b'],
    ];
    const records = roles.map(([role, entry]): FrameRecord => {
      const before = fixtureRecord(ctx, fx, role);
      return {
        id: before.id,
        before: before.record,
        after: read(ar.after[entry], before.id),
        afterRead: ar.after[entry],
        // The status change is VEHICLE-ARCHIVE-INACTIVE's rule: here it only says the archive showed.
        intent: { sets: { vehicleStatus: 'Inactive' } },
        watched: watchedOnArchive(vehicles.frame, before.record, { ...fx.inputs[role] }),
      };
    });
    return { answer: ar.patch, records, reads: [fx.reads['archive-a'], fx.reads['archive-b'], ar.after.a, ar.after.b] };
  },
};

export const vehicleFrames: readonly FrameScope[] = [
  vehicleUpdateFrame,
  vehicleArchivedUpdateFrame,
  vehicleArchiveFrame,
];
