import { ContractViolation, describeResponse, expectSuccess, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { customerIdOf, customerIn, customerRecords, getCustomer, listCustomers } from './support.js';

// §4.3 GET /customers/{customerId}: the details of that customer.
conformance('CUSTOMER-GET-BY-ID', async (ctx) => {
  // The list proves the guessed company parameter is accepted and gives an id that exists.
  const list = await listCustomers(ctx, { size: 5, page: 1 });
  if (!isSuccess(list)) ctx.inconclusive(`precondition: GET /customers was refused (${describeResponse(list)})`);
  const customerId = customerRecords(list.json).map(customerIdOf).find(Boolean);
  if (!customerId) ctx.skip('the company has no customers to read');
  const res = await getCustomer(ctx, customerId!);
  expectSuccess(res, `GET /customers/${customerId} (an id the list returned)`);
  if (!customerIn(res.json, customerId!)) throw new ContractViolation(`GET /customers/${customerId} does not hold a record with that customerId: ${describeResponse(res)}`);
});
