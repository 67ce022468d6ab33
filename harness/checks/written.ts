/**
 * How a value written reads back, by what the silences let a reader require of the field:
 * - `identifier` (S-TEXT-case-normalisation, S-2.1-vin, S-2.1-plate-state): trimmed, any case;
 * - `prose` (S-TEXT-trimming): trimmed, otherwise exact;
 * - `free-text` (S-2.1-free-text-attributes): trimmed, runs of spaces collapsed, any case;
 * - `image` (S-2.1-imgUrl, S-TEXT-empty-strings): an empty value reads as "", null or absent; a
 *   non-empty URL reads as some non-empty string (a store may rewrite it, to a CDN for one);
 * - `stored-form-open` (S-2.1-plate-state for the region): present, in whatever form the store keeps;
 * - `exact`: the JSON value sent, in its stated type (12 and 12.0 alike, S-JSON-numbers).
 * A string field read back as another JSON type never matches: §2 states the types.
 */
export type WrittenKind = 'identifier' | 'prose' | 'free-text' | 'image' | 'stored-form-open' | 'exact';

const unset = (v: unknown) => v === undefined || v === null || v === '';

export function readsBackAsWritten(kind: WrittenKind, sent: unknown, got: unknown): boolean {
  switch (kind) {
    case 'image':
      return unset(sent) ? unset(got) : typeof got === 'string' && got.trim() !== '';
    case 'stored-form-open':
      return unset(sent) || (got !== undefined && got !== null);
    case 'exact':
      return got === sent;
  }
  if (typeof sent !== 'string' || typeof got !== 'string') return got === sent;
  const [a, b] = [sent.trim(), got.trim()];
  if (kind === 'prose') return a === b;
  if (kind === 'identifier') return a.toLowerCase() === b.toLowerCase();
  const spelling = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
  return spelling(a) === spelling(b);
}
