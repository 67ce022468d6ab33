import { compareLoosely, fieldValue, inconsistency, isClientError, orderBreaks } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { vehicles } from './adapter.js';

// §4.1 sort and sortDirection=ASC: ascending by the field across a page boundary. The sort values
// are not listed (§4.1 shows only "sort (string)"): the field is the profile's guess, and its refusal is inconclusive.
conformance('VEHICLE-SORT', async (ctx: CheckContext) => {
  const field = ctx.profile.vehicles.sortField;
  const size = 10;
  const page = (n: number) => vehicles.list(ctx, { sort: field, sortDirection: 'ASC', size, page: n });
  const [p1, p2] = await Promise.all([page(1), page(2)]);
  await ctx.cite(p1, p2);
  if (isClientError(p1)) {
    ctx.observe(`sort=${field}`, `HTTP ${p1.status}`);
    ctx.guessRefused(
      'vehicles.sortField',
      `sort=${field}&sortDirection=ASC was refused (${p1.status}); §4.1 shows no sort value`,
    );
  }
  precondition(ctx, p1, `GET /vehicles?sort=${field}&sortDirection=ASC`);
  precondition(ctx, p2, `GET /vehicles?sort=${field}&sortDirection=ASC&page=2`);
  const values = [...vehicles.records(p1), ...vehicles.records(p2)].map((r) => fieldValue(r, [field]));
  // Only pairs both shown, non-empty and of one kind are ordered by compareLoosely; the rest prove nothing.
  const comparable = (v: unknown) => (typeof v === 'number' || typeof v === 'string') && v !== '';
  const compared = values
    .slice(1)
    .filter((v, i) => comparable(values[i]) && comparable(v) && typeof values[i] === typeof v).length;
  if (vehicles.records(p2).length === 0)
    ctx.inconclusive('the list has a single page: no page boundary to judge the order across');
  if (compared === 0) ctx.inconclusive(`the records do not show ${field}, so their order cannot be judged`);
  verdict(
    ctx,
    orderBreaks(values, compareLoosely, (v) => JSON.stringify(v)).map((b) =>
      inconsistency(b, p1, { what: `the ${field} order across pages 1 and 2`, other: p2 }),
    ),
    `sort=${field}&sortDirection=ASC is not ascending across pages 1 and 2`,
    compared,
    `adjacent ${field} values in order`,
  );
});
