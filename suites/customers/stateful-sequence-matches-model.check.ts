import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildCustomer } from '../../generators/customers.js';
import { checkModel } from '../../harness/model/run.js';
import { seededFaker } from '../../generators/random.js';
import { CreateCustomer, GetCustomer, customerCommands } from './model/commands.js';
import type { CustomerModel, CustomerReal } from './model/state.js';
import { patientReads } from '../common/own-records.js';

// §4.3 PUT changes only the fields present, whatever create / update / archive / get / list came before.
conformance(
  'CUSTOMER-UPDATE-PARTIAL',
  { variant: 'stateful', needs: ['write'], timeoutMs: 180_000 },
  async (ctx: CheckContext) => {
    const stats = { updatesApplied: 0, updatesRefused: 0 };
    const f = seededFaker(ctx.seed, 'customer-model');
    const wait = patientReads(ctx);
    const unshown = new Set<string>();
    // Every sequence starts from one customer, so even short sequences update and read something.
    const setup = async () => {
      const start = { model: { customers: [] } as CustomerModel, real: { ctx, stats, wait, unshown } as CustomerReal };
      await new CreateCustomer(() => buildCustomer(f, ctx.marker, ctx.profile.customers)).run(start.model, start.real);
      return start;
    };
    // A sequence ending in an update is judged too: every readable customer is read once more.
    const readAll = async (model: CustomerModel, real: CustomerReal) => {
      for (const entry of model.customers) if (entry.readable) await new GetCustomer(0).runOn(model, real, entry);
    };
    await checkModel(ctx, customerCommands(ctx.marker, ctx.profile.customers, ctx.frugal ? 3 : 8), setup, readAll);
    ctx.observe('PUT /customers in sequences', stats);
    if (stats.updatesApplied === 0 && stats.updatesRefused > 0)
      ctx.inconclusive(`every PUT /customers of the sequences was refused (${stats.updatesRefused})`);
  },
);
