import { ContractViolation, describeResponse, isClientError, isRecord } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { badQuery, badRequests, listPurchaseOrders, type BadRequestName } from './support.js';

// §7, §2.7: purchase-order answers carry `error` in the envelope, null only on success. Judged on
// every §7 400 request the target refuses (whether it refuses them is each row's own clause).
conformance('PO-ERROR-IN-ENVELOPE', async (ctx) => {
  const names = Object.keys(badRequests) as BadRequestName[];
  const answers = await Promise.all(names.map((n) => listPurchaseOrders(ctx, { ...badQuery(ctx, n), size: 1, page: 1 })));
  const refusals = answers.map((res, i) => ({ res, name: names[i]! })).filter(({ res }) => isClientError(res));
  if (refusals.length === 0) ctx.inconclusive('no §7 request was refused with a 4xx: no error answer to judge');
  const bare = refusals.filter(({ res }) => !isRecord(res.json) || res.json.error === null || res.json.error === undefined);
  if (bare.length) {
    throw new ContractViolation(`error answers without a non-null error in the envelope:\n  - ${bare.map(({ name, res }) => `${badRequests[name].rule} ${JSON.stringify(badQuery(ctx, name))}: ${describeResponse(res)}`).join('\n  - ')}`);
  }
});
