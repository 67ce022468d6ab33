import { ContractViolation, describeResponse, fieldValue, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildCustomer, customerTermOf } from '../../generators/customers.js';
import { seededFaker } from '../../generators/random.js';
import { archiveCustomers, createCustomersForCheck, inactiveState, readCustomerTolerantly } from './support.js';

// §3, §4.3 PATCH /customers archives (inactivates) each listed customer. The status field is not shown.
conformance('CUSTOMER-ARCHIVE-INACTIVE', { needs: ['write'] }, async (ctx) => {
  const input = buildCustomer(seededFaker(ctx.seed, 'customer-archive'), ctx.marker, ctx.profile.customers);
  const term = customerTermOf(input, ctx.profile.customers);
  const [customerId] = await createCustomersForCheck(ctx, [input]);
  const before = await readCustomerTolerantly(ctx, customerId!, term);
  if (!before) ctx.inconclusive(`precondition: the created customer ${customerId} could not be read back`);
  const was = inactiveState(before!);
  if (was === undefined) ctx.inconclusive('the customer record shows no status-like field (status, active, archived…) to judge inactivation by');
  if (was) ctx.inconclusive('a newly created customer already reads as inactive, so archiving cannot be told apart');
  const res = await archiveCustomers(ctx, [customerId!]);
  if (!isSuccess(res)) ctx.inconclusive(`PATCH /customers refused the profile's body (${describeResponse(res)})`);
  ctx.ledger.archived('customer', customerId!);
  const after = await readCustomerTolerantly(ctx, customerId!, term);
  // No rule says an archived customer stays readable: an unreadable one cannot be judged.
  if (!after) ctx.inconclusive(`customer ${customerId} is no longer readable after PATCH /customers, so its state cannot be read`);
  if (inactiveState(after!) !== true) {
    const shown = fieldValue(after!, ['status', 'customerStatus', 'active', 'isActive', 'archived', 'isArchived']);
    throw new ContractViolation(`after PATCH /customers, customer ${customerId} still reads as active (${JSON.stringify(shown)})`);
  }
});
