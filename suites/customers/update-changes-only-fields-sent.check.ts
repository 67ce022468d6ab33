import { describeResponse, isSuccess, partialUpdateViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { customerFixture, customerUpdate, fixtureCustomer } from './fixtures.js';

// §4.3 PUT /customers (beta): only fields present in the body change, for every entry of the bulk.
conformance('CUSTOMER-UPDATE-PARTIAL', { needs: ['write'] }, async (ctx: CheckContext) => {
  const [fx, up] = await Promise.all([customerFixture(ctx), customerUpdate(ctx)]);
  await ctx.cite(up.put, ...up.reads);
  if (!isSuccess(up.put)) ctx.inconclusive(`PUT /customers refused the profile's body (${describeResponse(up.put)}); nothing was updated to compare`);
  const problems: string[] = [];
  for (const entry of ['a', 'b'] as const) {
    const before = await fixtureCustomer(ctx, fx, entry === 'a' ? 'update-a' : 'update-b');
    const after = ctx.need(up.after[entry], `precondition: customer ${before.id} could not be read back after the update`);
    problems.push(...partialUpdateViolations(before.record, after, up.sent[entry]).map((p) => `${before.id} (sent ${Object.keys(up.sent[entry]).join(', ')}): ${p}`));
  }
  verdict(ctx, problems, 'PUT /customers did not change exactly the fields present in the body', 2, 'updated customers compared before and after');
});
