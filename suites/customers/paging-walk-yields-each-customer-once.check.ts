import { describeResponse, expectNoViolations, expectSuccess, isSuccess, walkConfirmed, type WalkedPage } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listCustomers, walkedCustomerPage } from './support.js';

// §4.3 paginated list, §8 size and page: every record once, no page over size, nothing past the end.
conformance('CUSTOMER-PAGING', async (ctx) => {
  const size = 50;
  const probe = await listCustomers(ctx, { size, page: 1 });
  if (!isSuccess(probe)) ctx.inconclusive(`precondition: GET /customers was refused (${describeResponse(probe)})`);
  // Other checks create customers meanwhile: walk in parallel batches until two walks agree,
  // waiting longer after each disagreement (up to ~16 s) for the writers to finish.
  const { walk, stable, walks, violations } = await walkConfirmed(size, async (page: number): Promise<WalkedPage> => {
    const res = await listCustomers(ctx, { size, page });
    expectSuccess(res, `GET /customers?size=${size}&page=${page}`);
    return walkedCustomerPage(res, page);
  }, { maxPages: 30, parallel: 8, pauseMs: 1000 });
  if (!stable) ctx.inconclusive(`the customer list kept changing over ${walks} walks (records written concurrently)`);
  ctx.observe('paging walk', `${walk.pages.length} page(s) of ${size}, total reported: ${walk.pages.some((p: WalkedPage) => p.total !== undefined)}`);
  expectNoViolations(violations, 'walking GET /customers pages');
});
