import { ContractViolation, describeResponse, idsIn, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildPart } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';

// §5.2: JSON bodies go with Content-Type: application/json. A valid write sent so must be taken as
// JSON: never 415, never 5xx. Another refusal is the create rules' business: inconclusive. A charset
// parameter leaves the media type application/json, so it is held to the same rule.
for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
  conformance('AUTH-JSON-BODIES', { variant: contentType, needs: ['write'] }, async (ctx) => {
    const part = buildPart(seededFaker(ctx.seed, `json-bodies ${contentType}`), ctx.marker);
    const res = await ctx.api.request({ method: 'POST', path: '/items', body: { companyId: ctx.companyId, items: [part] }, headers: { 'Content-Type': contentType } });
    for (const id of idsIn(res.json, 'itemId')) ctx.ledger.created('item', id);
    if (res.status === 415 || res.status >= 500) throw new ContractViolation(`POST /items with Content-Type: ${contentType}: ${describeResponse(res)}`);
    if (!isSuccess(res)) ctx.inconclusive(`the valid part was refused for another reason (${describeResponse(res)}); the item create checks judge that`);
  });
}
