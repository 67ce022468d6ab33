import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import { refusedInBody, refusedUpdate, watchedOnArchive, type FrameRecord, type FrameScope } from '../common/frame.js';
import { customers, inactiveState } from './adapter.js';
import {
  customerArchive,
  customerFixture,
  customerUpdate,
  customerUpdateArchived,
  fixtureCustomer,
  type CustomerRole,
} from './fixtures.js';

/**
 * The frames of the customer writes (§4.3, beta), judged by suites/common/frame.ts on the reads the
 * update and archive scenarios already make. The layout is not shown (§2.3): a value sent is looked
 * for wherever the record shows it, and the record is compared leaf by leaf.
 */

const byId = (res: ApiResponse | undefined, id: string) =>
  res && isSuccess(res) ? customers.recordIn(res, id) : undefined;

/** §4.3 PUT: only the fields present change, for each entry of one bulk update. */
export const customerUpdateFrame: FrameScope = {
  adapter: customers,
  clause: 'CUSTOMER-UPDATE-PARTIAL',
  needs: ['write'],
  write: 'PUT /customers',
  applied: 'judged',
  async touched(ctx) {
    const [fx, up] = await Promise.all([customerFixture(ctx), customerUpdate(ctx)]);
    if (!isSuccess(up.put))
      return {
        answer: up.put,
        unjudged: `PUT /customers refused the profile's body (${describeResponse(up.put)}); nothing was updated to compare`,
        records: [],
        reads: up.reads,
      };
    const records: FrameRecord[] = [];
    for (const [entry, role] of [
      ['a', 'update-a'],
      ['b', 'update-b'],
    ] as const) {
      const before = await fixtureCustomer(ctx, fx, role);
      const after = ctx.need(
        up.after[entry],
        `precondition: customer ${before.id} could not be read back after the update`,
      );
      records.push({
        id: before.id,
        before: before.record,
        after,
        afterRead: up.shownIn[entry],
        intent: { sets: up.sent[entry] },
      });
    }
    return { answer: up.put, records, reads: [...up.reads, up.shownIn.a, up.shownIn.b] };
  },
};

/**
 * §4.3 PUT on a customer the run archived, without its status: only the field sent changes, so it
 * stays archived (§3 shows no reactivation). Whether an archived customer may be updated is not
 * shown (S-3-update-archived): a refusal is judged by what it proves (read back, every field kept,
 * still archived); a value that never shows leaves it unjudged.
 */
export const customerArchivedUpdateFrame: FrameScope = {
  adapter: customers,
  clause: 'CUSTOMER-UPDATE-PARTIAL',
  variant: 'archived',
  needs: ['write'],
  write: 'PUT /customers of an archived customer',
  applied: 'optional',
  async touched(ctx) {
    const up = await customerUpdateArchived(ctx);
    const reads = [up.before, up.after];
    if (!up.put)
      return {
        unjudged: `precondition: customer ${up.id} did not read back archived by id after PATCH /customers (CUSTOMER-ARCHIVE-INACTIVE judges that)`,
        records: [],
        reads,
      };
    ctx.observe('PUT /customers of an archived customer answered', up.put.status);
    if (!isSuccess(up.put) || refusedInBody(up.put))
      return refusedUpdate(up.put, up.id, byId(up.before, up.id)!, byId(up.after, up.id), reads, up.after);
    return {
      answer: up.put,
      records: [
        {
          id: up.id,
          before: byId(up.before, up.id)!,
          after: byId(up.after, up.id),
          afterRead: up.after,
          intent: { sets: up.sent },
        },
      ],
      reads,
    };
  },
};

/**
 * §3, §4.3 PATCH: the customer becomes inactive and nothing else moves. What must stay is what the
 * run sent when it created the customer, wherever the record shows it; status-like fields may move.
 * Only reads by id are compared: a listed record may show fewer fields.
 */
export const customerArchiveFrame: FrameScope = {
  adapter: customers,
  clause: 'CUSTOMER-ARCHIVE-ONLY-STATUS',
  needs: ['write'],
  write: 'PATCH /customers',
  applied: 'precondition',
  async touched(ctx) {
    const [fx, ar] = await Promise.all([customerFixture(ctx), customerArchive(ctx)]);
    if (!isSuccess(ar.patch))
      return {
        answer: ar.patch,
        unjudged: `PATCH /customers refused the profile's body (${describeResponse(ar.patch)})`,
        records: [],
        reads: ar.reads,
      };
    const roles: [CustomerRole, number][] = [
      ['archive-a', 0],
      ['archive-b', 1],
    ];
    const records: FrameRecord[] = [];
    for (const [role, i] of roles) {
      const before = await fixtureCustomer(ctx, fx, role);
      const after = byId(ar.reads[i], before.id);
      const record: FrameRecord = {
        id: before.id,
        before: before.record,
        after,
        afterRead: ar.reads[i],
        intent: { sets: {}, mayMove: customers.frame.archiveMoves },
        watched: watchedOnArchive(customers.frame, before.record, fx.inputs[role]),
      };
      if (!before.read) record.unjudged = `customer ${before.id} was not read by id after its create`;
      else if (after && inactiveState(after) === false)
        record.unjudged = `customer ${before.id} still reads active after PATCH /customers (CUSTOMER-ARCHIVE-INACTIVE judges that)`;
      records.push(record);
    }
    return { answer: ar.patch, records, reads: [...ar.reads, fx.reads['archive-a'], fx.reads['archive-b']] };
  },
};

export const customerFrames: readonly FrameScope[] = [
  customerUpdateFrame,
  customerArchivedUpdateFrame,
  customerArchiveFrame,
];
