import { isClientError, isSuccess, type Failure } from '../../harness/checks/index.js';
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
  const problems: Failure[] = [];
  for (const role of customerRoles) {
    const [id, read] = [fx.ids[role], fx.reads[role]];
    // Shown absent: the ids the answer gave for the create do not read back, and no listing shows the customer.
    if (!id && fx.unlocated[role]?.proven) {
      problems.push(notCreated(`entry "${role}"`, fx.unlocated[role]!.why, fx.create));
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
