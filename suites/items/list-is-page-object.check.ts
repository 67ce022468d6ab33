import { itemsPage } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape } from '../common/judge.js';
import { itemPages } from './fixtures.js';

// §2.7: GET /items answers the page object with every field the table lists.
conformance('ITEM-LIST-PAGE-OBJECT', async (ctx: CheckContext) => {
  const { pages } = await itemPages(ctx);
  const first = pages[1]!;
  await ctx.cite(first);
  expect2xx(ctx, first, 'GET /items');
  expectShape(ctx, itemsPage, first.json, 'the GET /items page object', first);
});
