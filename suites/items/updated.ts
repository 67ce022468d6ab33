import type { UpdatedScope } from '../common/adapter.js';
import { items } from './adapter.js';
import { itemFixture, itemSample } from './fixtures.js';

/** §4.2: the run's part, narrowed by its unique number (the documented itemNumber filter). */
export const itemUpdated: UpdatedScope = {
  adapter: items,
  clause: 'ITEM-FILTER-UPDATED',
  async runRecords(ctx) {
    const fx = await itemFixture(ctx);
    return fx.ids.part
      ? { ids: [fx.ids.part], narrow: { itemNumber: fx.inputs.part.itemNumber }, writtenAt: fx.writtenAt }
      : undefined;
  },
  sample: itemSample,
};
