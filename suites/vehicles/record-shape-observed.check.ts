import { describeResponse, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listVehicles, vehicleRecords } from './support.js';

/** The request fields of §2.1; anything else a record carries is the target's own choice. */
const documented = new Set(['vehicleId', 'customerId', 'year', 'make', 'model', 'vehicleName', 'engine', 'color', 'licensePlate', 'state', 'vin', 'imgUrl', 'notes', 'tags', 'driveType', 'transmission', 'mileage', 'mileageUnit', 'vehicleStatus']);

// §2.1: record fields beyond the request fields are not shown; record what the target returns.
conformance('VEHICLE-RECORD-SHAPE', async (ctx) => {
  const res = await listVehicles(ctx, { size: 20, page: 1 });
  if (!isSuccess(res)) ctx.inconclusive(`GET /vehicles failed (${describeResponse(res)}); nothing to observe`);
  const records = vehicleRecords(res.json);
  if (!records.length) ctx.skip('no vehicle records to observe');
  const keys = new Set(records.flatMap((r) => Object.keys(r)));
  ctx.observe('extra record fields', [...keys].filter((k) => !documented.has(k)).sort());
  ctx.observe('documented fields absent from every record', [...documented].filter((k) => !keys.has(k)).sort());
  const body = res.json;
  const pagination = isRecord(body) && isRecord(body.results) ? body.results.pagination : undefined;
  ctx.observe('pagination object', isRecord(pagination) ? pagination : 'not located');
  ctx.observe('vehicleStatus values seen', [...new Set(records.map((r) => r.vehicleStatus))]);
});
