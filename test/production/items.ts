import { problem } from './errors.js';
import { isObject, type Answer } from './http.js';

/**
 * Choice part-needs-both-prices: bean validation on the create DTO. A part whose partDetails lack
 * costPerUnit or pricePerUnit (or give them as something else than a number) is refused before
 * anything is stored, with one error per field. A part without partDetails at all is the §4.2 rule,
 * refused by the backend (also a 400).
 */
export function missingPrices(body: unknown): Answer | undefined {
  if (!isObject(body) || !Array.isArray(body.items)) return undefined;
  const errors = body.items.flatMap((item, i) => {
    if (!isObject(item) || item.itemType !== 'part' || !isObject(item.partDetails)) return [];
    const details = item.partDetails;
    return (['costPerUnit', 'pricePerUnit'] as const)
      .filter((f) => typeof details[f] !== 'number' || !Number.isFinite(details[f]))
      .map((f) => ({ field: `items[${i}].partDetails.${f}`, message: 'must be a number (required for a part)' }));
  });
  if (!errors.length) return undefined;
  return problem(400, `a part needs both prices: ${errors.map((e) => e.field).join(', ')}`, { errors });
}
