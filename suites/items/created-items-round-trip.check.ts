import fc from 'fast-check';
import type { ItemCreateInput } from '../../contract/schemas.js';
import { ContractViolation, describeResponse, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { validItemArbitrary } from '../../generators/items.js';
import { createItemForCheck, getItem, itemIn } from './support.js';

/**
 * Fields sent on create that differ on read (details compared on the fields sent). Only the create
 * fields §4.2 lists: `description` also goes out (it carries the run marker) but is not among them.
 */
export function roundTripDifferences(sent: ItemCreateInput, read: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['itemType', 'itemName', 'itemNumber', 'status', 'taxable'] as const) {
    if (sent[key] !== undefined && read[key] !== sent[key]) out.push(`${key}: sent ${JSON.stringify(sent[key])}, read ${JSON.stringify(read[key])}`);
  }
  const sentDetails = (sent.partDetails ?? sent.tireDetails) as Record<string, unknown> | undefined;
  const readDetails = isRecord(read.details) ? read.details : {};
  for (const [k, v] of Object.entries(sentDetails ?? {})) {
    if (readDetails[k] !== v) out.push(`details.${k}: sent ${JSON.stringify(v)}, read ${JSON.stringify(readDetails[k])}`);
  }
  return out;
}

conformance('ITEM-CREATE-ROUNDTRIP', { needs: ['write'] }, async (ctx) => {
  const property = fc.asyncProperty(validItemArbitrary(ctx.marker), async (build) => {
    const sent = build();
    const itemId = await createItemForCheck(ctx, sent);
    const res = await getItem(ctx, itemId);
    if (!isSuccess(res)) throw new ContractViolation(`GET /items/${itemId} after create: ${describeResponse(res)}`);
    const diffs = roundTripDifferences(sent, itemIn(res.json) ?? {});
    if (diffs.length) throw new ContractViolation(`item ${itemId} did not round-trip:\n  - ${diffs.join('\n  - ')}`);
  });
  const out = await fc.check(property, { seed: ctx.seed, numRuns: ctx.numRuns, endOnFailure: ctx.target.kind === 'live' });
  if (out.failed) {
    const replay = `replay with SEED=${out.seed} (fast-check path ${out.counterexamplePath ?? '?'})`;
    const cause = out.errorInstance instanceof Error ? out.errorInstance : new Error(String(out.errorInstance));
    if (cause.name === 'InconclusiveError' || cause.name === 'TransportError') throw cause;
    throw new ContractViolation(`${cause.message}\n${replay}`);
  }
});
