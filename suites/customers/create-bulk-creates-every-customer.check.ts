import { ContractViolation, describeResponse, isClientError, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildCustomer, customerTermOf } from '../../generators/customers.js';
import { seededFaker } from '../../generators/random.js';
import { customerIdOf, findCustomersByTerm, postCustomers } from './support.js';

// §4.3 POST /customers creates one or more customers (bulk). Body names are the profile's guesses.
conformance('CUSTOMER-CREATE-BULK', { needs: ['write'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'customer-create-bulk');
  const inputs = [buildCustomer(f, ctx.marker, ctx.profile.customers), buildCustomer(f, ctx.marker, ctx.profile.customers)];
  const terms = inputs.map((i) => customerTermOf(i, ctx.profile.customers));
  const res = await postCustomers(ctx, inputs);
  if (isClientError(res)) ctx.inconclusive(`POST /customers refused the profile's body (${describeResponse(res)}); set customers.* in CONFORMANCE_PROFILE`);
  if (!isSuccess(res)) throw new ContractViolation(`POST /customers with ${inputs.length} customers: ${describeResponse(res)}`);
  // The response shape is not shown: each customer is looked up in the list by its own marker.
  const found = await findCustomersByTerm(ctx, terms);
  for (const r of found.values()) ctx.ledger.created('customer', customerIdOf(r));
  if (found.size === 0) ctx.inconclusive('none of the created customers could be located in GET /customers by its marker');
  const missing = terms.filter((t) => !found.has(t));
  if (missing.length) throw new ContractViolation(`POST /customers accepted ${inputs.length} customers but only ${found.size} exist afterwards; missing the one marked ${missing.join(', ')}`);
  const withoutId = [...found.values()].filter((r) => !customerIdOf(r));
  if (withoutId.length) throw new ContractViolation(`${withoutId.length} created customer(s) carry no customerId`);
});
