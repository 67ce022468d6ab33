import { isSuccess } from '../../harness/checks/index.js';
import type { UpdatedScope } from '../common/adapter.js';
import { items } from './adapter.js';
import { itemFixture, itemSample } from './fixtures.js';

/** §4.2: the run's part, narrowed by its unique number (the documented itemNumber filter). */
export const itemUpdated: UpdatedScope = {
  adapter: items,
  clause: 'ITEM-FILTER-UPDATED',
  async runRecords(ctx) {
    const fx = await itemFixture(ctx);
    const [id, read] = [fx.ids.part, fx.reads.part];
    const record = id && read && isSuccess(read) ? items.recordIn(read, id) : undefined;
    return id
      ? {
          ids: [id],
          narrow: { itemNumber: fx.inputs.part.itemNumber },
          writtenAt: fx.writtenAt,
          records: record ? [record] : [],
          answer: fx.create,
        }
      : undefined;
  },
  sample: itemSample,
};
