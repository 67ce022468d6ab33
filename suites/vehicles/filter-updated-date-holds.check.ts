import { ContractViolation, expectNoViolations, expectSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listVehicles, updatedStampOf, updatedValueOf, vehicleIdOf, vehicleRecords, vehicleTotal } from './support.js';

// §4.1 updatedDateStart / updatedDateEnd (ISO 8601): only vehicles last updated inside the window.
conformance('VEHICLE-FILTER-UPDATED', async (ctx) => {
  const farFuture = { updatedDateStart: '2999-01-01T00:00:00Z', updatedDateEnd: '2999-12-31T23:59:59Z' };
  const [sample, future] = await Promise.all([listVehicles(ctx, { size: 50, page: 1 }), listVehicles(ctx, { ...farFuture, size: 10, page: 1 })]);
  expectSuccess(sample, 'GET /vehicles');
  expectSuccess(future, 'GET /vehicles with a far-future updated window');
  const leaked = vehicleRecords(future.json);
  if (leaked.length) throw new ContractViolation(`a window in the year 2999 returned ${leaked.length} vehicles, e.g. ${vehicleIdOf(leaked[0]!)}`);

  // The update time is not a documented record field (§2.1): use it only when it can be located.
  const stamps = vehicleRecords(sample.json).map(updatedStampOf).filter((t): t is number => t !== undefined).sort((a, b) => a - b);
  if (stamps.length < 3) {
    ctx.observe('vehicle update timestamp', 'not located in records; checked only that a future window is empty');
    return;
  }
  ctx.observe('vehicle update timestamp', 'located; checked every record of a mid window');
  const start = new Date(stamps[Math.floor(stamps.length / 4)]!).toISOString();
  const end = new Date(stamps[Math.floor((stamps.length * 3) / 4)]!).toISOString();
  const res = await listVehicles(ctx, { updatedDateStart: start, updatedDateEnd: end, size: 100, page: 1 });
  expectSuccess(res, 'GET /vehicles with an updated window');
  const [s, e] = [Date.parse(start), Date.parse(end)];
  expectNoViolations(
    vehicleRecords(res.json)
      .filter((r) => { const t = updatedStampOf(r); return t === undefined || t < s || t > e; })
      .map((r) => `${vehicleIdOf(r)} updated ${JSON.stringify(updatedValueOf(r))}`),
    `vehicles outside the window ${start} .. ${end}`,
  );
  const [inWindow, all] = [vehicleTotal(res.json), vehicleTotal(sample.json)];
  if (inWindow !== undefined && all !== undefined && inWindow >= all && stamps[0]! < s) throw new ContractViolation(`the window ${start} .. ${end} did not narrow the list (${inWindow} of ${all})`);
});
