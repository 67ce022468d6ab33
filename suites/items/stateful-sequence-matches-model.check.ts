import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildPart } from '../../generators/items.js';
import { checkModel } from '../../harness/model/run.js';
import { seededFaker } from '../../generators/random.js';
import { CreateItem, GetItem, itemCommands } from './model/commands.js';
import type { ItemModel, ItemReal } from './model/state.js';
import { patientReads } from '../common/own-records.js';

// §3: PATCH /items sets status Inactive on each listed item, which stays readable, whatever
// create / archive / get / list came before; items not listed keep their status.
conformance(
  'ITEM-ARCHIVE-INACTIVE',
  { variant: 'stateful', needs: ['write'], timeoutMs: 180_000 },
  async (ctx: CheckContext) => {
    const f = seededFaker(ctx.seed, 'item-model');
    const wait = patientReads(ctx);
    // Every sequence starts from one item, so even short sequences archive and read something.
    const setup = async () => {
      const start = { model: { items: [] } as ItemModel, real: { ctx, wait } as ItemReal };
      await new CreateItem(() => buildPart(f, ctx.marker)).run(start.model, start.real);
      return start;
    };
    const readAll = async (model: ItemModel, real: ItemReal) => {
      for (const entry of model.items) await new GetItem(0).runOn(model, real, entry);
    };
    await checkModel(ctx, itemCommands(ctx.marker, ctx.frugal ? 3 : 8), setup, readAll);
  },
);
