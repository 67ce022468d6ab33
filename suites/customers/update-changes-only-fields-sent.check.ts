import { describeResponse, isSuccess, loosePartialUpdateViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { customerFixture, customerUpdate, fixtureCustomer } from './fixtures.js';

// §4.3 PUT /customers (beta): only fields present in the body change, for every entry of the bulk.
// The record's layout is not shown (§2.3): a written field may read back under another name or
// nested (lastName as name.last), so the sent value is looked for in the whole record, and every
// other value must keep its own. When neither entry's value shows anywhere, nothing can be judged.
conformance('CUSTOMER-UPDATE-PARTIAL', { needs: ['write'] }, async (ctx: CheckContext) => {
  const [fx, up] = await Promise.all([customerFixture(ctx), customerUpdate(ctx)]);
  await ctx.cite(up.put, ...up.reads);
  if (!isSuccess(up.put)) ctx.inconclusive(`PUT /customers refused the profile's body (${describeResponse(up.put)}); nothing was updated to compare`);
  const judged: { id: string; sent: Record<string, unknown>; notShown: string[]; changed: string[] }[] = [];
  for (const entry of ['a', 'b'] as const) {
    const before = await fixtureCustomer(ctx, fx, entry === 'a' ? 'update-a' : 'update-b');
    const after = ctx.need(up.after[entry], `precondition: customer ${before.id} could not be read back after the update`);
    judged.push({ id: before.id, sent: up.sent[entry], ...loosePartialUpdateViolations(before.record, after, up.sent[entry]) });
  }
  if (judged.every((j) => j.notShown.length > 0)) {
    ctx.inconclusive(`the records read after the update show the value sent for ${Object.keys(up.sent.a).join(', ')} nowhere; the customer layout is not shown (§2.3), set customers.updatableField in CONFORMANCE_PROFILE`);
  }
  const problems = judged.flatMap((j) => [...j.notShown, ...j.changed].map((p) => `${j.id} (sent ${Object.keys(j.sent).join(', ')}): ${p}`));
  verdict(ctx, problems, 'PUT /customers did not change exactly the fields present in the body', 2, 'updated customers compared before and after');
});
