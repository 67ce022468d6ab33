import fc from 'fast-check';
import type { ItemCreateInput } from '../../contract/schemas.js';
import {
  ContractViolation,
  describeResponse,
  fieldMismatch,
  isRecord,
  isSuccess,
  readsBackAsWritten,
  type Failure,
  type WrittenKind,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { validItemArbitrary, validItemBatchArbitrary } from '../../generators/items.js';
import { isLocated } from '../../harness/locate/locator.js';
import { items } from './adapter.js';
import { createItems } from './fixtures.js';
import { patientReads } from '../common/own-records.js';

/**
 * A value read back as sent (harness/checks/written.ts): text in one Unicode form (the generated
 * names carry accents, which a store may decompose, S-TEXT-unicode) and trimmed (S-TEXT-trimming), the
 * item number in any case (identifier-like, S-TEXT-case-normalisation), other values exactly.
 */
const same = (read: unknown, sent: unknown, kind: WrittenKind = 'prose') =>
  typeof read === 'string' && typeof sent === 'string'
    ? readsBackAsWritten(kind, sent.normalize('NFC'), read.normalize('NFC'))
    : read === sent;

/** Amounts (§2.2 numbers): equal within half a cent, a float's last digit aside (S-2.2-money). */
const MONEY = new Set(['costPerUnit', 'pricePerUnit']);
const sameAmount = (read: unknown, sent: unknown) =>
  typeof sent === 'number' &&
  (typeof read === 'number' || (typeof read === 'string' && read.trim() !== '')) &&
  Math.abs(Number(read) - sent) <= 0.005 + 1e-9;

/**
 * The price the target may recompute from a pricing matrix (S-2.2-derived-pricing): it is compared
 * only once the batch shows it stored verbatim, i.e. some item's price read back as sent. A batch
 * where none is kept has its price differences dropped and observed.
 */
export function derivedPrices(diffs: readonly { field: string }[][]): boolean {
  const priced = diffs.length;
  const changed = diffs.filter((d) => d.some((x) => x.field === 'details.pricePerUnit')).length;
  return priced > 0 && changed === priced;
}

/**
 * Fields sent on create that differ on read (details compared on the fields sent): the create fields
 * §4.2 lists, which are all the builders send. tireSize is only required back as a string: a store
 * may derive it from width and profile in its own spelling (S-2.2-tire-read-shape).
 */
export function roundTripDifferences(
  sent: ItemCreateInput,
  read: Record<string, unknown>,
): { field: string; sent: unknown; read: unknown }[] {
  const out: { field: string; sent: unknown; read: unknown }[] = [];
  for (const key of ['itemType', 'itemName', 'itemNumber', 'status', 'taxable'] as const) {
    if (sent[key] !== undefined && !same(read[key], sent[key], key === 'itemNumber' ? 'identifier' : 'prose'))
      out.push({ field: key, sent: sent[key], read: read[key] });
  }
  const sentDetails = (sent.partDetails ?? sent.tireDetails) as Record<string, unknown> | undefined;
  const readDetails = isRecord(read.details) ? read.details : {};
  for (const [k, v] of Object.entries(sentDetails ?? {})) {
    const kept =
      k === 'tireSize' && sent.tireDetails
        ? typeof readDetails[k] === 'string'
        : MONEY.has(k)
          ? sameAmount(readDetails[k], v)
          : same(readDetails[k], v);
    if (!kept) out.push({ field: `details.${k}`, sent: v, read: readDetails[k] });
  }
  return out;
}

// §2.2, §4.2: every field sent on create comes back unchanged. NUM_RUNS generated parts and tires
// go out in bulk POSTs of at most BULK_BATCH (§4.2 takes an array, S-8-bulk-count-limit) and are each
// read back; a failure shrinks the batch.
conformance('ITEM-CREATE-ROUNDTRIP', { needs: ['write'] }, async (ctx: CheckContext) => {
  // Under rate limits five items, one batch: a single POST and five reads.
  const batch = ctx.frugal ? 5 : Math.max(2, Math.min(ctx.numRuns, 25));
  let judged = 0;
  // One window for the whole property: shrinking replays creates.
  const wait = patientReads(ctx);
  const property = fc.asyncProperty(
    fc.array(validItemArbitrary(ctx.marker), { minLength: 1, maxLength: batch }),
    async (builds) => {
      const sent = builds.map((b) => b());
      const { create, found } = await createItems(ctx, sent, { wait });
      if (!isSuccess(create))
        ctx.inconclusive(
          `precondition: POST /items with ${sent.length} generated items was refused (${describeResponse(create)}); the create rules judge that`,
        );
      const perItem: {
        id: string;
        res: Parameters<typeof fieldMismatch>[4];
        input: ItemCreateInput;
        diffs: ReturnType<typeof roundTripDifferences>;
      }[] = [];
      await Promise.all(
        sent.map(async (input, i) => {
          const at = found[i];
          if (!isLocated(at))
            ctx.inconclusive(
              `precondition: created item ${input.itemNumber} could not be located (${at?.why ?? 'not looked for'})`,
            );
          // The locator's read by id, which showed the item's number.
          const [id, res] = [at.id, at.read];
          if (!isSuccess(res))
            ctx.inconclusive(`precondition: GET /items/${id} after create was refused (${describeResponse(res)})`);
          judged += 1;
          perItem.push({ id, res, input, diffs: roundTripDifferences(input, items.recordIn(res, id) ?? {}) });
        }),
      );
      const derived = derivedPrices(perItem.map((x) => x.diffs));
      if (derived)
        ctx.observe(
          'pricePerUnit read back otherwise for every item (recomputed, S-2.2-derived-pricing)',
          perItem.map((x) => x.diffs.find((d) => d.field === 'details.pricePerUnit')),
        );
      const diffs: Failure[] = perItem.flatMap(({ id, res, input, diffs: d }) =>
        d
          .filter((x) => !(derived && x.field === 'details.pricePerUnit'))
          .map((x) => fieldMismatch(`${input.itemType} ${id}`, x.field, x.sent, x.read, res, x.field)),
      );
      if (diffs.length) throw new ContractViolation('created items did not round-trip', diffs);
    },
  );
  // One run whose batch holds NUM_RUNS items, a part and a tire among them whatever the seed: the first example is the full batch.
  const full = fc.sample(validItemBatchArbitrary(ctx.marker, batch), { seed: ctx.seed, numRuns: 1 })[0]!;
  const out = await fc.check(property, { seed: ctx.seed, numRuns: 1, examples: [[full]], endOnFailure: ctx.frugal });
  if (out.failed) {
    const cause = out.errorInstance instanceof Error ? out.errorInstance : new Error(String(out.errorInstance));
    if (cause.name === 'InconclusiveError' || cause.name === 'TransportError') throw cause;
    const replay = `replay with SEED=${out.seed} (fast-check path ${out.counterexamplePath ?? '?'})`;
    // Anything but a violation is the harness's own exception: it errors, never fails the target.
    if (!(cause instanceof ContractViolation)) {
      cause.message = `${cause.message} (${replay})`;
      throw cause;
    }
    throw new ContractViolation(`${cause.title}; ${replay}`, cause.failures);
  }
  ctx.saw(judged, 'generated items read back');
});
