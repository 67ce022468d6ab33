import {
  compareLoosely,
  fieldValue,
  inconsistency,
  isClientError,
  orderBreaks,
  orderDirection,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { vehicles } from './adapter.js';

// §4.1 sort and sortDirection=ASC: ascending by the field across a page boundary. The sort values
// are not listed (§4.1 shows only "sort (string)"): the field is the profile's guess. A target may
// refuse it or ignore it (S-4.1-sort), so the order is judged only once the target is seen to honour
// the field: its first page sorted by it is ordered by the field (either way) and is not the plain
// list's first page. Otherwise the guess is refused and the clause is not judged.
conformance('VEHICLE-SORT', async (ctx: CheckContext) => {
  const field = ctx.profile.vehicles.sortField;
  const size = 10;
  const page = (n: number) => vehicles.list(ctx, { sort: field, sortDirection: 'ASC', size, page: n });
  const [p1, p2, plain] = await Promise.all([page(1), page(2), vehicles.list(ctx, { size, page: 1 })]);
  await ctx.cite(p1, p2, plain);
  if (isClientError(p1)) {
    ctx.observe(`sort=${field}`, `HTTP ${p1.status}`);
    ctx.guessRefused(
      'vehicles.sortField',
      `sort=${field}&sortDirection=ASC was refused (${p1.status}); §4.1 shows no sort value`,
    );
  }
  precondition(ctx, p1, `GET /vehicles?sort=${field}&sortDirection=ASC`);
  precondition(ctx, p2, `GET /vehicles?sort=${field}&sortDirection=ASC&page=2`);
  precondition(ctx, plain, 'GET /vehicles (the plain list the sorted one is told apart from)');
  const valuesOf = (rs: ReturnType<typeof vehicles.records>) => rs.map((r) => fieldValue(r, [field]));
  const values = valuesOf([...vehicles.records(p1), ...vehicles.records(p2)]);
  const ids = (res: typeof p1) => vehicles.records(res).map((r) => vehicles.idOf(r) ?? JSON.stringify(r));
  const direction = orderDirection(valuesOf(vehicles.records(p1)), compareLoosely);
  const samePage = ids(p1).join('\n') === ids(plain).join('\n');
  ctx.observe(`sort=${field}&sortDirection=ASC, first page`, { order: direction, sameAsPlainList: samePage });
  // A page of one value throughout (ties) is sorted either way; told apart from the plain list, it counts.
  if (direction === 'mixed' || samePage)
    ctx.guessRefused(
      'vehicles.sortField',
      `sort=${field} was not seen honoured: its first page is ${samePage ? "the plain list's first page" : `not ordered by ${field} (${direction})`}; §4.1 shows no sort value, and a target may ignore one it does not know`,
    );
  // Only pairs both shown, non-empty and of one kind are ordered by compareLoosely; the rest prove nothing.
  const comparable = (v: unknown) => (typeof v === 'number' || typeof v === 'string') && v !== '';
  const compared = values
    .slice(1)
    .filter((v, i) => comparable(values[i]) && comparable(v) && typeof values[i] === typeof v).length;
  if (vehicles.records(p2).length === 0)
    ctx.skip("the company's vehicles fit on one page: no page boundary to judge the order across");
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
