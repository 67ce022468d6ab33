import type { Query } from '../../harness/client.js';
import {
  describeResponse,
  refusalMissing,
  unexpectedStatus,
  isSuccess,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { listOrdersWith, showQuery } from './adapter.js';
import { poWithoutPermission } from './reads.js';
import { errorText } from './section7.js';

// §5.3 gives 403 to a partner without the Purchase Orders permission, and §7 gives 400 to a query
// breaking one of its rows; a query doing both, sent with that token (ACCESS_TOKEN_NO_PO), must be
// refused with one of the two. Which comes first is not stated (S-4.6-check-order: a gateway or a
// filter judges the permission first, a framework validator the parameters): recorded, never judged.
// Under rate limits two rows: §7 row 4 (a rule on the parameters alone) and §7 row 8 (a rule that
// looks the company's data up); without limits rows 5 to 7 too, since a server may treat one rule
// apart. The plain list with that token (shared with PO-PERMISSION-REQUIRED) must be 403 first: if the
// permission is not enforced at all, that is the other clause's failure, and this one is not judged.
conformance('PO-PERMISSION-BEFORE-VALIDATION', { needs: ['tokenNoPo'] }, async (ctx: CheckContext) => {
  const { list } = await poWithoutPermission(ctx);
  await ctx.cite(list);
  if (list.status !== 403)
    ctx.inconclusive(
      `precondition: GET /purchaseOrders without the permission and with a valid query was answered ${describeResponse(list)}, not 403; PO-PERMISSION-REQUIRED judges that`,
    );
  const noPo = ctx.as(ctx.target.tokenNoPo!);
  const invalid: [string, Query][] = [
    ['§7 row 4', { source: 'online' }],
    [
      '§7 row 8',
      { source: 'inventory', [ctx.profile.purchaseOrders.locationParam]: `loc-conformance-unknown-${ctx.marker}` },
    ],
    // Without rate limits, the other parameter rules too: a server may judge one of them first and not the rest.
    ...(ctx.frugal
      ? []
      : ([
          ['§7 row 5', { source: 'inventory', isPartsCatalog: 'true' }],
          ['§7 row 6', { source: 'inventory', repairOrderId: `ro-conformance-${ctx.marker}` }],
          ['§7 row 7', { source: 'orders', itemType: 'part' }],
        ] as [string, Query][])),
  ];
  const answers = await Promise.all(
    invalid.map(([, q]) => listOrdersWith(noPo, ctx.companyId, { ...q, size: 1, page: 1 })),
  );
  const problems: Failure[] = [];
  invalid.forEach(([row, q], i) => {
    const res = answers[i]!;
    const what = `GET /purchaseOrders?${showQuery(q)} (${row}) without the Purchase Orders permission`;
    ctx.observe(`${row} query without the permission`, `${showQuery(q)}: HTTP ${res.status} ${errorText(res)}`);
    if (res.status !== 403 && res.status !== 400)
      problems.push(
        isSuccess(res)
          ? refusalMissing(res, what, 'HTTP 403 or 400')
          : unexpectedStatus(res, 'HTTP 403 (§5.3) or 400 (§7)', what),
      );
  });
  const first = answers.map((r) => r.status);
  ctx.observe(
    'which comes first (S-4.6-check-order)',
    first.every((st) => st === 403)
      ? 'the permission: 403 on every row'
      : first.every((st) => st === 400)
        ? 'the parameters: 400 on every row'
        : `by row: ${invalid.map(([row], i) => `${row} ${first[i]}`).join(', ')}`,
  );
  verdict(
    ctx,
    problems,
    'a purchase-order query without the permission and breaking a §7 row was not refused',
    answers.length,
    'invalid purchase-order queries without the permission refused (403 or 400)',
  );
});
