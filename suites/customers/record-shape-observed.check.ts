import { isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { customers, inactiveState } from './adapter.js';
import { customerFixture, customerSample } from './fixtures.js';

const topLevelKeys = (v: unknown) =>
  isRecord(v) ? Object.keys(v).sort() : Array.isArray(v) ? ['(array)'] : [typeof v];

// §2.3, §4.3: bodies, parameters and record fields are not shown; recorded, never failed.
conformance('CUSTOMER-RECORD-SHAPE', async (ctx: CheckContext) => {
  const list = await customerSample(ctx);
  await ctx.cite(list);
  ctx.observe('GET /customers status', list.status);
  if (!isSuccess(list)) ctx.inconclusive(`GET /customers was refused (${list.status}); nothing to observe`);
  ctx.observe('list body keys', topLevelKeys(list.json));
  ctx.observe('list record keys', [...new Set(customers.records(list).flatMap((r) => Object.keys(r)))].sort());
  if (ctx.run.mode !== 'full') return;
  const fx = await customerFixture(ctx);
  ctx.observe('POST /customers answer', { status: fx.create.status, keys: topLevelKeys(fx.create.json) });
  const [id, read] = [fx.ids.plain, fx.reads.plain];
  const record = id && read && isSuccess(read) ? customers.recordIn(read, id) : undefined;
  if (!record || !read) return;
  await ctx.cite(read);
  ctx.observe('get body keys', topLevelKeys(read.json));
  ctx.observe('get record keys', Object.keys(record).sort());
  ctx.observe(
    'status-like field',
    inactiveState(record) === undefined ? 'not located' : `located (inactive: ${inactiveState(record)})`,
  );
});
