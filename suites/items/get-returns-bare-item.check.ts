import { itemStatuses, itemTypes } from '../../contract/schemas.js';
import { exchangeOf, fieldMismatch, isRecord, recordTypeFailures, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, verdict } from '../common/judge.js';
import { listedBesides } from '../common/listing.js';
import { items } from './adapter.js';
import { itemSample, readableItems } from './fixtures.js';

// §2.7, §2.2: GET /items/{itemId} answers the item object itself, with the common fields in their types.
// A field the run did not set may be null, "" or absent (S-2.2-unset-fields, S-JSON-null-absent-empty):
// each field shown is judged in its stated type, and itemType and status among their stated values.
conformance('ITEM-GET-BARE', async (ctx: CheckContext) => {
  const reads = [...(await readableItems(ctx))];
  // A listed item read too (listedBesides), when the others are the run's own just written: one read more.
  const older = listedBesides(
    items,
    await itemSample(ctx),
    reads.map((r) => r.id),
  );
  if (older && ctx.run.mode === 'full') reads.push({ id: older, read: await items.get(ctx, older) });
  const problems: Failure[] = [];
  for (const { id, read } of reads) {
    await ctx.cite(read);
    expect2xx(ctx, read, `GET /items/${id}`);
    problems.push(...bareItemFailures(id, read));
    if (isRecord(read.json) && 'itemId' in read.json && String(read.json.itemId) !== id)
      problems.push(fieldMismatch(`GET /items/${id}`, 'itemId', id, read.json.itemId, read, 'itemId'));
  }
  verdict(ctx, problems, 'GET /items/{itemId} is not the bare item of §2.2', reads.length, 'items read by id');
});

const stated = { itemType: itemTypes as readonly string[], status: itemStatuses as readonly string[] };
/** Fields every item has: its id, and what §4.2 requires on every create. Never an unset field. */
const always = ['itemId', 'itemType', 'itemName', 'itemNumber', 'status', 'taxable'] as const;

/** The answer is the item itself (its fields at the top level), each field shown in its stated type and values. */
function bareItemFailures(id: string, read: Parameters<typeof recordTypeFailures>[2]): Failure[] {
  const body = read.json;
  const violation = (message: string, issue: string, expected: unknown, actual: unknown, path?: string): Failure => ({
    kind: 'shape-violation',
    message,
    issue,
    expected,
    actual,
    ...(path ? { path } : {}),
    ...exchangeOf(read),
  });
  if (!isRecord(body) || !always.some((k) => k in body))
    return [
      violation(
        `GET /items/${id}: not the item itself (none of ${always.join(', ')} at the top level)`,
        '§2.7: get-by-id of an item answers the item object',
        'the item object',
        body,
      ),
    ];
  return [
    ...always
      .filter((k) => body[k] === undefined || body[k] === null)
      .map((k) =>
        violation(
          `GET /items/${id}: ${k} is ${body[k] === null ? 'null' : 'absent'}; every item has it (§2.2, set on create by §4.2)`,
          `§2.2 states ${k}`,
          k,
          body[k] ?? null,
          k,
        ),
      ),
    ...recordTypeFailures(body, 'item', read, `GET /items/${id}:`),
    ...Object.entries(stated).flatMap(([k, values]) => {
      const v = body[k];
      return typeof v === 'string' && !values.includes(v)
        ? [fieldMismatch(`GET /items/${id}`, k, values.join(' | '), v, read, k)]
        : [];
    }),
  ];
}
