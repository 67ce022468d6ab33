/**
 * S-8-bulk-count-limit: the spec states no most elements a bulk array may hold, and servers refuse,
 * cut or split past limits of their own; the harness sends at most five elements in one bulk write.
 */
export const BULK_BATCH = 5;

/** `xs` in order, cut into batches of at most `size` elements (none for an empty list). */
export function inBatches<T>(xs: readonly T[], size = BULK_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
