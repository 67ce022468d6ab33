import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import { watchedOnArchive, type FrameRecord, type FrameScope } from '../common/frame.js';
import { items } from './adapter.js';
import { fixtureItem, itemArchive, itemFixture, type ItemRole } from './fixtures.js';

/**
 * The frame of the item archive (§3, §4.2; items have no update), judged by suites/common/frame.ts
 * on the reads the create and archive scenarios already make: no request of its own.
 */
export const itemArchiveFrame: FrameScope = {
  adapter: items,
  clause: 'ITEM-ARCHIVE-ONLY-STATUS',
  needs: ['write'],
  write: 'PATCH /items',
  applied: 'precondition',
  async touched(ctx) {
    const [fx, ar] = await Promise.all([itemFixture(ctx), itemArchive(ctx)]);
    if (!isSuccess(ar.patch))
      return {
        answer: ar.patch,
        unjudged: `PATCH /items was refused (${describeResponse(ar.patch)}); ITEM-ARCHIVE-ENVELOPE judges that`,
        records: [],
        reads: [],
      };
    const roles: [ItemRole, 'a' | 'b'][] = [
      ['archive-a', 'a'],
      ['archive-b', 'b'],
    ];
    const records = roles.map(([role, entry]): FrameRecord => {
      const before = fixtureItem(ctx, fx, role);
      const res = ar.after[entry];
      return {
        id: before.id,
        before: before.record,
        after: res && isSuccess(res) ? items.recordIn(res, before.id) : undefined,
        afterRead: res,
        // The status change is ITEM-ARCHIVE-INACTIVE's rule: here it only says the archive showed.
        intent: { sets: { status: 'Inactive' } },
        watched: watchedOnArchive(items.frame, before.record, { ...fx.inputs[role] }),
      };
    });
    return { answer: ar.patch, records, reads: [fx.reads['archive-a'], fx.reads['archive-b'], ar.after.a, ar.after.b] };
  },
};

export const itemFrames: readonly FrameScope[] = [itemArchiveFrame];
