import { isRecord, isSuccess, objectsWithKey } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { seededPick } from '../common/ranges.js';
import { getItemLevels, levelsIn, sampleItemIds } from './adapter.js';
import { levelList } from './fixtures.js';

const keysOf = (v: unknown) => (isRecord(v) ? Object.keys(v).sort() : Array.isArray(v) ? ['(array)'] : [typeof v]);

// §2.4, §4.4: parameters, bodies and records are not shown; record what the target uses.
conformance('INVENTORY-RECORD-SHAPE', async (ctx: CheckContext) => {
  const company = { [ctx.profile.companyParam]: ctx.companyId };
  const location = ctx.target.locationId;
  const names = ctx.profile.inventoryLevels;
  // Under rate limits one form with a location, chosen with SEED; the plain list is the area's shared read.
  const forms = [names.listLocationParam, names.listLocationsParam];
  const asked = ctx.frugal ? [seededPick(ctx, 'inventory-location-form', forms)] : forms;
  const withLocation = (name: string) =>
    location && asked.includes(name) ? ctx.api.get('/inventoryLevels', { ...company, [name]: location }) : undefined;
  const [plain, one, many] = await Promise.all([
    levelList(ctx),
    withLocation(names.listLocationParam),
    withLocation(names.listLocationsParam),
  ]);
  ctx.observe('GET /inventoryLevels status: no location', plain.status);
  if (one) ctx.observe(`GET /inventoryLevels status: ${names.listLocationParam}`, one.status);
  if (many) ctx.observe(`GET /inventoryLevels status: ${names.listLocationsParam}`, many.status);
  const listed = [plain, one, many].find((r) => r && isSuccess(r));
  if (!listed) ctx.inconclusive('no form of GET /inventoryLevels was accepted; nothing to observe');
  ctx.observe('list body keys', keysOf(listed.json));
  ctx.observe(
    'list level record keys',
    [...new Set(objectsWithKey(listed.json, 'itemId').flatMap((r) => Object.keys(r)))].sort(),
  );
  const itemId = sampleItemIds(levelsIn(ctx, listed.json), 1)[0];
  ctx.observe('quantity located', itemId ? `yes (as ${names.quantityField} or a usual name)` : 'no');
  if (!itemId) return;
  const single = await getItemLevels(ctx, itemId);
  ctx.observe('GET /inventoryLevels/{itemId} status', single.status);
  ctx.observe('single-item body keys', keysOf(single.json));
});
