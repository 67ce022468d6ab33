import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expectCreateWithoutCustomerRefused } from './probes.js';

// §1, §4.1: a vehicle belongs to a customer and is created with its customerId (required-field). A
// vehicle without one is refused at every position of a bulk beside two valid vehicles; the run's
// accepted bulk, each vehicle with its customerId, is the valid twin.
conformance('VEHICLE-CREATE-NEEDS-CUSTOMER', { needs: ['write', 'customer'] }, async (ctx: CheckContext) =>
  expectCreateWithoutCustomerRefused(ctx, { clause: 'VEHICLE-CREATE-NEEDS-CUSTOMER', index: 0, of: 1 }),
);
