import { itemsPage } from '../../contract/schemas.js';
import { statedTypeFailures } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, expectShape, fail } from '../common/judge.js';
import { itemPages } from './fixtures.js';

// §2.7: GET /items answers the page object with every field the table lists; its content holds
// items, and a field of §2.2 an element shows (a summary may show fewer, silences S-2.2-list-element-shape)
// is in its stated JSON type on every page read: a boolean is not 1, a string is not a number.
conformance('ITEM-LIST-PAGE-OBJECT', async (ctx: CheckContext) => {
  const { pages } = await itemPages(ctx);
  const first = pages[1]!;
  await ctx.cite(first);
  expect2xx(ctx, first, 'GET /items');
  expectShape(ctx, itemsPage, first.json, 'the GET /items page object', first);
  const typed = Object.entries(pages).flatMap(([page, res]) =>
    statedTypeFailures(res.json, 'item', res, `GET /items page ${page}:`),
  );
  if (typed.length) fail('GET /items lists items with §2.2 fields in another JSON type', ...typed);
  ctx.saw(Object.keys(pages).length, 'GET /items pages whose elements show §2.2 fields in their types');
});
