import { describeResponse, expectNoViolations, isSuccess, partialUpdateViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildCustomer, changedName, customerTermOf } from '../../generators/customers.js';
import { seededFaker } from '../../generators/random.js';
import { createCustomersForCheck, putCustomers, readCustomerTolerantly } from './support.js';

// §4.3 PUT /customers (beta): only fields present in the body are changed.
conformance('CUSTOMER-UPDATE-PARTIAL', { needs: ['write'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'customer-update-partial');
  const input = buildCustomer(f, ctx.marker, ctx.profile.customers);
  const term = customerTermOf(input, ctx.profile.customers);
  const [customerId] = await createCustomersForCheck(ctx, [input]);
  const before = await readCustomerTolerantly(ctx, customerId!, term);
  if (!before) ctx.inconclusive(`precondition: the created customer ${customerId} could not be read back`);
  const field = ctx.profile.customers.updatableField;
  const sent = { [field]: changedName(f) };
  const res = await putCustomers(ctx, [{ customerId, ...sent }]);
  if (!isSuccess(res)) ctx.inconclusive(`PUT /customers refused the profile's body (${describeResponse(res)}); nothing was updated to compare`);
  const after = await readCustomerTolerantly(ctx, customerId!, term);
  if (!after) ctx.inconclusive(`precondition: customer ${customerId} could not be read back after the update`);
  expectNoViolations(partialUpdateViolations(before, after, sent), `PUT /customers sent only ${field}, but the record read back differs`);
});
