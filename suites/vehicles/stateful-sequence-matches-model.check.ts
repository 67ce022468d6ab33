import { conformance, type CheckContext } from '../../harness/conformance.js';
import { checkModel } from '../../harness/model/run.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { CreateVehicle, GetVehicle, vehicleCommands } from './model/commands.js';
import type { VehicleModel, VehicleReal } from './model/state.js';
import { patientReads } from '../common/own-records.js';

// §4.1 PUT changes only the fields sent, whatever create / update / archive / get / list came before.
conformance(
  'VEHICLE-UPDATE-PARTIAL',
  { variant: 'stateful', needs: ['write', 'customer'], timeoutMs: 180_000 },
  async (ctx: CheckContext) => {
    const stats = { updatesApplied: 0, updatesRefused: 0 };
    const customerId = ctx.need(ctx.target.customerId, 'CUSTOMER_ID is not set');
    const f = seededFaker(ctx.seed, 'vehicle-model');
    const wait = patientReads(ctx);
    // Every sequence starts from one vehicle, so even short sequences update and read something.
    const setup = async () => {
      const start = { model: { vehicles: [] } as VehicleModel, real: { ctx, stats, wait } };
      await new CreateVehicle(() => buildVehicle(f, ctx.marker, customerId)).run(start.model, start.real);
      return start;
    };
    // A sequence ending in an update is judged too: every readable vehicle is read once more.
    const readAll = async (model: VehicleModel, real: VehicleReal) => {
      for (const entry of model.vehicles) if (entry.readable) await new GetVehicle(0).runOn(model, real, entry);
    };
    await checkModel(ctx, vehicleCommands(ctx.marker, customerId, ctx.frugal ? 3 : 8), setup, readAll);
    ctx.observe('PUT /vehicles in sequences', stats);
    if (stats.updatesApplied === 0 && stats.updatesRefused > 0)
      ctx.inconclusive(`every PUT /vehicles of the sequences was refused (${stats.updatesRefused})`);
  },
);
