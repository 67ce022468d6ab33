import { isClientError, isRecord, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { showQuery } from './adapter.js';
import { poWithoutPermission } from './reads.js';
import { poSection7, rejectionNames } from './section7.js';

// §7, §2.7: purchase-order answers carry `error` in the envelope, null only on success. Judged on
// every §7 request of the shared set that was refused with a 4xx (whether it is refused is each
// row's own clause), and on the 403s without the permission (§7 row 9) when that token is set.
// Only "non-null" is stated: the error's fields are not.
conformance('PO-ERROR-IN-ENVELOPE', async (ctx: CheckContext) => {
  const set = await poSection7(ctx);
  const denied = ctx.target.tokenNoPo ? await poWithoutPermission(ctx) : undefined;
  const forbidden = denied
    ? [
        { query: { permission: 'none' }, res: denied.list },
        ...(denied.get ? [{ query: { permission: 'none', id: denied.get.id }, res: denied.get.res }] : []),
      ]
    : [];
  const refused = [...rejectionNames.map((n) => set.rejections[n]), ...forbidden].filter(({ res }) =>
    isClientError(res),
  );
  if (refused.length === 0) ctx.inconclusive('no §7 request was refused with a 4xx: no error answer to judge');
  await ctx.cite(...refused.map((r) => r.res));
  const bare = refused.filter(
    ({ res }) => !isRecord(res.json) || res.json.error === null || res.json.error === undefined,
  );
  verdict(
    ctx,
    bare.map(({ query, res }): Failure => ({
      kind: 'shape-violation',
      message: `${showQuery(query)}: HTTP ${res.status} ${res.text.slice(0, 300)}`,
      issue: 'error is null or absent in the envelope of a refusal',
      expected: 'a non-null error',
      actual: isRecord(res.json) ? (res.json.error ?? 'absent') : res.text.slice(0, 300),
      path: 'error',
      ...(res.exchangeId ? { exchange: res.exchangeId } : {}),
    })),
    'error answers without a non-null error in the envelope',
    refused.length,
    'refused purchase-order requests carrying a non-null error',
  );
});
