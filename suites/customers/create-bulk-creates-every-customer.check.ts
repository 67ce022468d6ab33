import { isClientError, isSuccess, objectsWithKey, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, notCreated, notReadBack, verdict } from '../common/judge.js';
import { customers } from './adapter.js';
import { refusesBody } from './body.js';
import { createRefused, customerFixture, customerRoles } from './fixtures.js';

// §4.3 POST /customers creates one or more customers (bulk): every one of them exists afterwards,
// readable by its customerId. §4.3 shows no body: it is negotiated from the profile (body.ts), and a
// refusal of every shape tried leaves the clause not judged.
conformance('CUSTOMER-CREATE-BULK', { needs: ['write'] }, async (ctx: CheckContext) => {
  const fx = await customerFixture(ctx);
  await ctx.cite(fx.create, ...Object.values(fx.reads));
  // A refusal of every body shape tried is a guess refused: the clause is not judged (body.ts).
  if (isClientError(fx.create) || refusesBody(fx.create)) createRefused(ctx, fx);
  expect2xx(ctx, fx.create, `POST /customers with ${customerRoles.length} customers`);
  const located = customerRoles.filter((r) => fx.ids[r]);
  const absent = customerRoles.filter((r) => fx.unlocated[r]?.proven);
  if (located.length === 0 && absent.length === 0)
    ctx.inconclusive(
      'none of the created customers could be located by its unique word (the search parameter is a guess, and the walk is bounded)',
    );
  const shared = idsSharedByEntries(fx.create.json, customerRoles.length, Object.values(fx.ids));
  const problems: Failure[] = [];
  for (const role of customerRoles) {
    const [id, read] = [fx.ids[role], fx.reads[role]];
    // Shown absent: the ids the answer gave for the create do not read back, and no listing shows the customer.
    if (!id && fx.unlocated[role]?.proven) {
      problems.push(notCreated(`entry "${role}"`, fx.unlocated[role]!.why, fx.create));
      continue;
    }
    // The answer gave every entry an id, but fewer ids than entries, each reading back as another
    // entry: the target itself reports no customerId of this one (§2.3, §4.3: one per customer).
    if (!id && shared) {
      problems.push(notCreated(`entry "${role}"`, shared, fx.create));
      continue;
    }
    if (!id) ctx.inconclusive(`precondition: the customer of entry "${role}" could not be located by its unique word`);
    if (!read || !isSuccess(read) || !customers.recordIn(read, id))
      problems.push(notReadBack(id, `customer (entry "${role}")`, read, fx.create));
  }
  verdict(
    ctx,
    problems,
    `POST /customers accepted ${customerRoles.length} customers but not all of them exist`,
    located.length,
    'created customers read back by id',
  );
});

/**
 * The customerIds a create answer shows, one per created customer (objects carrying `customerId`, or
 * a list of ids): when there are as many as the entries sent but fewer distinct ones, and each of
 * those reads back as an entry the run located, the answer gave the other entries no id of their
 * own. Returns why, or undefined.
 */
function idsSharedByEntries(answer: unknown, entries: number, located: readonly string[]): string | undefined {
  const shown = [...objectsWithKey(answer, 'customerId').map((o) => o.customerId), ...arraysOfIds(answer)]
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);
  const distinct = [...new Set(shown)];
  if (shown.length < entries || distinct.length >= shown.length) return undefined;
  if (!distinct.every((id) => located.includes(id))) return undefined;
  return `the answer showed ${shown.length} created customers under ${distinct.length} customerId(s) (${distinct.join(', ')}), each reading back as another entry, and no listing showed this one`;
}

/** Arrays of plain ids under a key named for them (`customerIds`, `ids`), anywhere in an answer. */
function arraysOfIds(value: unknown, depth = 0): unknown[] {
  if (depth > 6 || !value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v) => arraysOfIds(v, depth + 1));
  return Object.entries(value).flatMap(([k, v]) =>
    /^(customerIds|ids)$/.test(k) && Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')
      ? v
      : arraysOfIds(v, depth + 1),
  );
}
