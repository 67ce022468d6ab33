import { ContractViolation, expectNoViolations, expectSuccess, middleWindow, recordsOutsideWindow, updatedStampOf } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listVehicles, vehicleIdOf, vehicleRecords, vehicleTotal } from './support.js';

// §4.1 updatedDateStart / updatedDateEnd (ISO 8601): only vehicles last updated inside the window.
conformance('VEHICLE-FILTER-UPDATED', async (ctx) => {
  const farFuture = { updatedDateStart: '2999-01-01T00:00:00Z', updatedDateEnd: '2999-12-31T23:59:59Z' };
  const [sample, future] = await Promise.all([listVehicles(ctx, { size: 50, page: 1 }), listVehicles(ctx, { ...farFuture, size: 10, page: 1 })]);
  expectSuccess(sample, 'GET /vehicles');
  expectSuccess(future, 'GET /vehicles with a far-future updated window');
  const leaked = vehicleRecords(future.json);
  if (leaked.length) throw new ContractViolation(`a window in the year 2999 returned ${leaked.length} vehicles, e.g. ${vehicleIdOf(leaked[0]!)}`);

  // The update time is not a documented record field (§2.1): judge records only where it is located.
  const sampled = vehicleRecords(sample.json);
  const window = middleWindow(sampled);
  if (!window) {
    ctx.observe('vehicle update timestamp', 'not located in records; checked only that a future window is empty');
    return;
  }
  ctx.observe('vehicle update timestamp', 'located; checked every record of a mid window');
  const res = await listVehicles(ctx, { updatedDateStart: window.start, updatedDateEnd: window.end, size: 100, page: 1 });
  expectSuccess(res, 'GET /vehicles with an updated window');
  expectNoViolations(recordsOutsideWindow(vehicleRecords(res.json), window, vehicleIdOf), `vehicles outside the window ${window.start} .. ${window.end}`);
  const [inWindow, all] = [vehicleTotal(res.json), vehicleTotal(sample.json)];
  const earliest = Math.min(...sampled.map(updatedStampOf).filter((t): t is number => t !== undefined));
  if (inWindow !== undefined && all !== undefined && inWindow >= all && earliest < Date.parse(window.start)) {
    throw new ContractViolation(`the window ${window.start} .. ${window.end} did not narrow the list (${inWindow} of ${all})`);
  }
});
