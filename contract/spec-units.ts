import { createHash } from 'node:crypto';

/**
 * The spec as a list of normative units: the smallest pieces of text a rule can live in, each with
 * a fingerprint that changes when its wording changes and not when its formatting does.
 *
 * What a unit is:
 * - every sentence of a prose paragraph;
 * - every sentence of a list item (bulleted, or numbered rules such as "1. …");
 * - every body row of a table, its cells joined with " | " (header and separator rows excluded).
 * Headings, fenced code blocks, horizontal rules and HTML comments are not units.
 *
 * Each unit carries the section it sits in (`§4.5`, from a heading such as `### 4.5 …`; `§0` before
 * the first numbered heading), a locator for humans, its normalised text, a fingerprint (the first 12
 * hex characters of the sha256 of that text) and a similarity sketch used to pair an edited sentence
 * with the entry of its former wording (see `sketchOf`). The parser is deterministic and pure: the
 * same markdown always gives the same units in the same order.
 */

export type UnitKind = 'paragraph' | 'list-item' | 'table-row';

export interface SpecUnit {
  /** `§4.5`; `§0` for text before the first numbered heading. */
  readonly section: string;
  /** Where a human finds it, e.g. `§4.5 GET /appointmentRequests rule 2`, `§7 row 5`, `§2.1 table row vehicleId`. */
  readonly locator: string;
  readonly kind: UnitKind;
  /** Normalised text: lower-case, markdown stripped, whitespace collapsed, no trailing period. */
  readonly text: string;
  /** The unit as written, for display only (never stored in the project). */
  readonly raw: string;
  /** First 12 hex characters of sha256(text); a repeated text gets `#2`, `#3`… appended before hashing. */
  readonly fingerprint: string;
  /** 32 hex characters: a b-bit MinHash of the unit's words (see sketchOf). */
  readonly sketch: string;
}

// ── Normalisation ─────────────────────────────────────────────────────────────────────────

const CODE = /`+([^`]*?)`+/g;

/** Applies `fn` to the text outside code spans, keeping each span as a placeholder meanwhile. */
function outsideCode(text: string, fn: (s: string) => string, keepTicks = true): string {
  const spans: string[] = [];
  const masked = text.replace(CODE, (m, inner: string) => {
    spans.push(keepTicks ? m : inner);
    return `\u0001${spans.length - 1}\u0002`;
  });
  return fn(masked).replace(/\u0001(\d+)\u0002/g, (_, i: string) => spans[Number(i)]!);
}

/** Markdown that changes the look, not the words: emphasis, links, images, escapes, inline HTML. */
function stripMarkdown(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=[^\s*])([^*]*?[^\s*])\*(?![\w*])/g, '$1$2')
    .replace(/(^|[^\w_])_(?=[^\s_])([^_]*?[^\s_])_(?![\w_])/g, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');
}

/**
 * The normalised text of a sentence or a cell: robust to formatting (emphasis, backticks, links,
 * typographic quotes, spacing, a final period), sensitive to wording.
 */
export function normaliseText(s: string): string {
  const plain = outsideCode(s.normalize('NFKC'), stripMarkdown, false);
  return plain
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\.$/, '')
    .trim();
}

export function sha12(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12);
}

// ── Sentence splitting ────────────────────────────────────────────────────────────────────

/** Words after which a period does not end a sentence. */
const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|incl|esp|resp|no|nos|fig|sect?|p|pp|mr|mrs|ms|dr|st)$/i;

/**
 * Splits prose into sentences. A sentence ends at `.`, `!` or `?` (with any closing quote or
 * bracket) followed by white space and a character that can open a sentence (an upper-case letter,
 * a digit, a code span, emphasis, a quote or a bracket). Code spans and links are never split
 * (`{ success: boolean, … }`), nor are decimals (1.5), versions inside words (v2.1) or the
 * abbreviations above (e.g., i.e., etc.).
 */
export function splitSentences(text: string): string[] {
  const spans: string[] = [];
  const protect = (m: string) => {
    spans.push(m);
    return `\u0001${spans.length - 1}\u0002`;
  };
  const masked = text.replace(CODE, protect).replace(/!?\[[^\]]*\]\([^)]*\)/g, protect);
  const restore = (s: string) => s.replace(/\u0001(\d+)\u0002/g, (_, i: string) => spans[Number(i)]!);
  const out: string[] = [];
  const boundary = /[.!?]["'\u2019\u201d)\]]*(?=\s+(?:[A-Z0-9\u0001*_"'\u2018\u201c([]))/g;
  let start = 0;
  for (const m of masked.matchAll(boundary)) {
    const end = m.index + m[0].length;
    const before = masked.slice(start, m.index);
    if (m[0].startsWith('.') && ABBREVIATIONS.test(before)) continue;
    out.push(masked.slice(start, end));
    start = end;
  }
  out.push(masked.slice(start));
  return out.map((s) => restore(s).trim()).filter((s) => s.length > 0);
}

// ── Similarity sketch ─────────────────────────────────────────────────────────────────────

const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'to',
  'in',
  'is',
  'are',
  'be',
  'with',
  'for',
  'on',
  'by',
  'as',
  'it',
  'its',
  'that',
  'this',
  'at',
  'from',
]);

/** The content words of a normalised text: letters and digits, stop words left out. */
export function wordsOf(text: string): string[] {
  return [...new Set(text.split(/[^a-z0-9]+/).filter((w) => w.length > 0 && !STOPWORDS.has(w)))];
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function mix(h: number, seed: number): number {
  let x = (h ^ Math.imul(seed + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const SKETCH_HASHES = 64;

/**
 * A 2-bit MinHash of the unit's word set: 64 hash functions, the lowest 2 bits of each minimum,
 * 128 bits in 32 hex characters. It estimates the word overlap (Jaccard) of two texts without
 * keeping either: 2 bits of a hash say nothing about the word behind it.
 */
export function sketchOf(text: string): string {
  const hashes = wordsOf(text).map(fnv1a);
  let bits = '';
  for (let i = 0; i < SKETCH_HASHES; i++) {
    let min = 0xffffffff;
    for (const h of hashes) min = Math.min(min, mix(h, i));
    bits += hashes.length ? (min & 3).toString(2).padStart(2, '0') : '00';
  }
  let hex = '';
  for (let i = 0; i < bits.length; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return hex;
}

/** Estimated word overlap (Jaccard, 0..1) of the texts behind two sketches. */
export function sketchSimilarity(a: string, b: string): number {
  if (a.length !== b.length) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) {
    const x = parseInt(a[i]!, 16);
    const y = parseInt(b[i]!, 16);
    same += Number(x >> 2 === y >> 2) + Number((x & 3) === (y & 3));
  }
  const p = same / SKETCH_HASHES;
  return Math.max(0, Math.min(1, (p - 0.25) / 0.75));
}

/** Exact word overlap (Jaccard) of two normalised texts. */
export function wordOverlap(a: string, b: string): number {
  const [x, y] = [new Set(wordsOf(a)), new Set(wordsOf(b))];
  if (x.size === 0 && y.size === 0) return 1;
  let both = 0;
  for (const w of x) if (y.has(w)) both += 1;
  return both / (x.size + y.size - both);
}

// ── Blocks ────────────────────────────────────────────────────────────────────────────────

type Block =
  | { type: 'paragraph'; section: string; scope: string; lines: string[] }
  | { type: 'list'; section: string; scope: string; ordered: boolean; items: { marker: string; lines: string[] }[] }
  | { type: 'table'; section: string; scope: string; rows: string[] };

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

/** `4.5` from `4.5 Appointment requests` or `4. Endpoints`; undefined for a heading without a number. */
function headingNumber(text: string): string | undefined {
  return /^(\d+(?:\.\d+)*)\.?(?:\s|$)/.exec(text)?.[1];
}

const boldLead = (line: string) => /^\s*\*\*([^*]+?)\*\*/.exec(line)?.[1]?.trim();

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let section = '§0';
  let scope = '';
  let cur: Block | undefined;
  let fence: string | undefined;
  let comment = false;
  const flush = () => {
    if (cur) blocks.push(cur);
    cur = undefined;
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence) {
      if (line.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    if (comment) {
      if (line.includes('-->')) comment = false;
      continue;
    }
    const f = FENCE.exec(line);
    if (f) {
      flush();
      fence = f[1];
      continue;
    }
    if (/^\s*<!--/.test(line) && !line.includes('-->')) {
      flush();
      comment = true;
      continue;
    }
    if (/^\s*$/.test(line) || /^\s*<!--.*-->\s*$/.test(line)) {
      flush();
      continue;
    }
    // Setext heading: a one-line paragraph underlined with = or -.
    if (/^\s{0,3}(=+|-+)\s*$/.test(line) && cur?.type === 'paragraph' && cur.lines.length === 1) {
      const text = cur.lines[0]!.trim();
      cur = undefined;
      const n = headingNumber(text);
      if (n) [section, scope] = [`§${n}`, ''];
      else scope = text;
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      flush();
      const n = headingNumber(h[2]!);
      if (n) [section, scope] = [`§${n}`, ''];
      else if (h[1] === '#') [section, scope] = ['§0', ''];
      else scope = normaliseText(h[2]!) === '' ? scope : h[2]!.trim();
      continue;
    }
    if (RULE.test(line) && cur?.type !== 'table') {
      flush();
      continue;
    }
    if (/^\s*\|/.test(line)) {
      if (cur?.type !== 'table') {
        flush();
        cur = { type: 'table', section, scope, rows: [] };
      }
      cur.rows.push(line);
      continue;
    }
    const li = LIST_ITEM.exec(line);
    if (li) {
      const ordered = /\d/.test(li[2]!);
      if (cur?.type !== 'list' || cur.ordered !== ordered) {
        flush();
        cur = { type: 'list', section, scope, ordered, items: [] };
      }
      cur.items.push({ marker: li[2]!.replace(/[.)]$/, ''), lines: [li[3]!] });
      continue;
    }
    if (cur?.type === 'list') {
      cur.items.at(-1)!.lines.push(line.trim());
      continue;
    }
    if (cur?.type === 'table') flush();
    if (!cur) {
      const lead = boldLead(line);
      if (lead) scope = lead;
      cur = { type: 'paragraph', section, scope, lines: [] };
    }
    (cur as { lines: string[] }).lines.push(line.trim());
  }
  flush();
  return blocks;
}

/** Cells of a table row: split on pipes outside code spans and escapes, outer pipes dropped. */
export function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let ticks = 0;
  const s = row.trim().replace(/^\|/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && s[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (c === '`') {
      let n = 1;
      while (s[i + n] === '`') n++;
      ticks = ticks === 0 ? n : ticks === n ? 0 : ticks;
      cell += '`'.repeat(n);
      i += n - 1;
    } else if (c === '|' && ticks === 0) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  if (cell.trim().length > 0 || !row.trim().endsWith('|')) cells.push(cell);
  return cells.map((x) => x.trim());
}

// ── Units ─────────────────────────────────────────────────────────────────────────────────

/** Splits a spec in markdown into its normative units, in document order. */
export function parseSpecUnits(markdown: string): SpecUnit[] {
  const blocks = blocksOf(markdown);
  const scopeKey = (b: Block) => `${b.section}\u0000${b.scope}`;
  const totals = new Map<string, number>();
  for (const b of blocks)
    if (b.type !== 'paragraph')
      totals.set(`${scopeKey(b)}\u0000${b.type}`, (totals.get(`${scopeKey(b)}\u0000${b.type}`) ?? 0) + 1);
  const seen = new Map<string, number>();

  const drafts: { section: string; locator: string; kind: UnitKind; raw: string; text: string }[] = [];
  const where = (b: Block) => `${b.section}${b.scope ? ` ${b.scope}` : ''}`;
  const ordinal = (b: Block) => {
    const k = `${scopeKey(b)}\u0000${b.type}\u0000n`;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return n;
  };
  const sentences = (b: Block, base: string, kind: UnitKind, prose: string) => {
    const parts = splitSentences(prose);
    parts.forEach((raw, i) => {
      const text = normaliseText(raw);
      if (text.length)
        drafts.push({ section: b.section, locator: parts.length > 1 ? `${base} s${i + 1}` : base, kind, raw, text });
    });
  };

  for (const b of blocks) {
    const n = ordinal(b);
    if (b.type === 'paragraph') {
      sentences(b, `${where(b)} para ${n}`, 'paragraph', b.lines.join(' '));
    } else if (b.type === 'list') {
      const listNo = (totals.get(`${scopeKey(b)}\u0000list`) ?? 1) > 1 ? ` list ${n}` : '';
      b.items.forEach((item, i) => {
        const name = b.ordered ? `rule ${item.marker}` : `item ${i + 1}`;
        sentences(b, `${where(b)}${listNo} ${name}`, 'list-item', item.lines.join(' '));
      });
    } else {
      const tableNo = (totals.get(`${scopeKey(b)}\u0000table`) ?? 1) > 1 ? ` ${n}` : '';
      const body = b.rows.slice(1).filter((r) => !TABLE_SEPARATOR.test(r));
      const cellsOf = body.map(tableCells);
      const keys = cellsOf.map((c) => normaliseText(c[0] ?? ''));
      // Short, unique first cells name their rows (`vehicleId`); other tables number them.
      const keyed = keys.every(
        (k, i) => k.length > 0 && k.length <= 40 && k.split(' ').length <= 3 && keys.indexOf(k) === i,
      );
      cellsOf.forEach((cells, i) => {
        const normalised = cells.map(normaliseText);
        while (normalised.length > 0 && normalised.at(-1) === '') normalised.pop();
        if (normalised.length === 0) return;
        const text = normalised
          .join(' | ')
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/\s*\.$/, '');
        const name = keyed
          ? `table${tableNo} row ${outsideCode(cells[0]!, (s) => s, false)}`
          : `${tableNo ? `table${tableNo} ` : ''}row ${i + 1}`;
        drafts.push({
          section: b.section,
          locator: `${where(b)} ${name}`,
          kind: 'table-row',
          raw: body[i]!.trim(),
          text,
        });
      });
    }
  }

  const occurrences = new Map<string, number>();
  return drafts.map((d) => {
    const k = (occurrences.get(d.text) ?? 0) + 1;
    occurrences.set(d.text, k);
    return { ...d, fingerprint: sha12(k === 1 ? d.text : `${d.text}#${k}`), sketch: sketchOf(d.text) };
  });
}
