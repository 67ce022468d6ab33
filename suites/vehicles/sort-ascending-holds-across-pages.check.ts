import { compareLoosely, describeResponse, expectNoViolations, expectSuccess, fieldValue, isClientError, orderBreaks, walkedValues, walkUntilStable } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listVehicles, stableSubset, walkedVehiclePage } from './support.js';

// §4.1 sort + sortDirection=ASC. The sortable field names are not shown: the field comes from the profile.
conformance('VEHICLE-SORT', async (ctx) => {
  const field = ctx.profile.vehicles.sortField;
  const sorted = { ...(await stableSubset(ctx)), sort: field, sortDirection: 'ASC' };
  const size = 20;
  const probe = await listVehicles(ctx, { ...sorted, size, page: 1 });
  if (isClientError(probe)) {
    ctx.observe(`sort=${field}`, `refused: ${describeResponse(probe)}`);
    ctx.inconclusive(`the target refused sort=${field} (a guessed field name; set vehicles.sortField in CONFORMANCE_PROFILE)`);
  }
  expectSuccess(probe, `GET /vehicles?sort=${field}&sortDirection=ASC`);
  const valueOf = (r: Record<string, unknown>) => fieldValue(r, [field]);
  const { walk, stable } = await walkUntilStable(
    size,
    async (page) => {
      const res = await listVehicles(ctx, { ...sorted, size, page });
      expectSuccess(res, `GET /vehicles?sort=${field}&sortDirection=ASC&page=${page}`);
      return walkedVehiclePage(res, page, valueOf);
    },
    { maxPages: 10, parallel: 4, pauseMs: 250, signature: (w) => JSON.stringify(walkedValues(w)) },
  );
  if (!stable) ctx.inconclusive('the sorted list kept changing between walks (records written concurrently)');
  const values = walkedValues(walk);
  const located = values.filter((v) => v !== undefined && v !== null);
  if (located.length < 2) ctx.inconclusive(`the records do not show the sort field "${field}", so their order cannot be judged`);
  ctx.observe('sort walk', `${walk.pages.length} page(s), ${values.length} records${walk.truncated ? ', truncated' : ''}`);
  expectNoViolations(orderBreaks(values, compareLoosely, (v) => JSON.stringify(v)), `sort=${field}&sortDirection=ASC is not ascending across pages of ${size}`);
});
