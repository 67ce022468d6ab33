import { describeResponse, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { customerIdOf, customerIn, customerRecords, getCustomer, inactiveState, listCustomers } from './support.js';

const topLevelKeys = (v: unknown) => (isRecord(v) ? Object.keys(v).sort() : Array.isArray(v) ? ['(array)'] : [typeof v]);

// §2.3, §4.3: bodies, parameters and record fields are not shown; record what the target uses.
conformance('CUSTOMER-RECORD-SHAPE', async (ctx) => {
  const list = await listCustomers(ctx, { size: 5, page: 1 });
  ctx.observe('GET /customers status', list.status);
  if (!isSuccess(list)) ctx.inconclusive(`GET /customers was refused (${describeResponse(list)}); nothing to observe`);
  ctx.observe('list body keys', topLevelKeys(list.json));
  const records = customerRecords(list.json);
  ctx.observe('list record keys', [...new Set(records.flatMap((r) => Object.keys(r)))].sort());
  const customerId = records.map(customerIdOf).find(Boolean);
  if (!customerId) return;
  const res = await getCustomer(ctx, customerId);
  ctx.observe('GET /customers/{customerId} status', res.status);
  ctx.observe('get body keys', topLevelKeys(res.json));
  const record = customerIn(res.json, customerId);
  if (record) {
    ctx.observe('get record keys', Object.keys(record).sort());
    ctx.observe('status-like field', inactiveState(record) === undefined ? 'not located' : `located (inactive: ${inactiveState(record)})`);
  }
});
