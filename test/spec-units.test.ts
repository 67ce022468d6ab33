import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  normaliseText,
  parseSpecUnits,
  sketchOf,
  sketchSimilarity,
  splitSentences,
  tableCells,
  wordOverlap,
} from '../contract/spec-units.js';

/** A made-up spec (not the real one) exercising every construct the parser meets. */
const SAMPLE = [
  '# Sample API (v9)',
  '',
  'Intro before any section. It ends with the segment v9.',
  '',
  '## 1. Basics',
  '',
  'Widgets are **blue**, e.g. sky blue. A widget weighs 1.5 kg (see [the table](https://example.test/a.b)).',
  'This line continues the same paragraph. Ask `GET /widgets?x=1. Y` for more!',
  '',
  '- Widgets: create, list. They are cheap.',
  '- Gadgets: read only',
  '',
  '### 1.2 Rules',
  '',
  '**POST /widgets** creates one widget.',
  '',
  '1. `size` uses the form `{ w: number, … }`. Sizes over 9.5 are refused.',
  '2. The colour wins, i.e. it is kept.',
  '',
  '| Field | Type | Notes |',
  '|---|:---:|---|',
  '| `widgetId` | string | Identifier. Required. |',
  '| colour | string | |',
  '',
  '| Status | Condition |',
  '| --- | --- |',
  '| 400 | Bad `a|b` value |',
  '| 400 | Another one |',
  '',
  '```',
  'A fenced line. Not a unit.',
  '```',
  '',
  '## 2. Last',
  '',
  'Final words: not shown.',
].join('\n');

describe('splitSentences', () => {
  it('splits on sentence ends and keeps abbreviations, decimals, versions and code spans whole', () => {
    expect(splitSentences('Use e.g. this one. Then i.e. that. Done.')).toEqual([
      'Use e.g. this one.',
      'Then i.e. that.',
      'Done.',
    ]);
    expect(splitSentences('It costs 1.5 units. The base ends with v2. Next sentence.')).toEqual([
      'It costs 1.5 units.',
      'The base ends with v2.',
      'Next sentence.',
    ]);
    expect(splitSentences('Shape `{ success: boolean, … }. Not. Split` here. Then more.')).toEqual([
      'Shape `{ success: boolean, … }. Not. Split` here.',
      'Then more.',
    ]);
    expect(splitSentences('Call it (see `x.y`). `vehicle.name` is generated.')).toEqual([
      'Call it (see `x.y`).',
      '`vehicle.name` is generated.',
    ]);
    expect(splitSentences('Read [the doc. Really](https://a.b/c.d). Why? Because! ok')).toEqual([
      'Read [the doc. Really](https://a.b/c.d).',
      'Why?',
      'Because! ok',
    ]);
    expect(splitSentences('Version 2.0.1 and v2.1 stay whole.')).toEqual(['Version 2.0.1 and v2.1 stay whole.']);
    expect(splitSentences('Answers 422 (reason: bad x). The next rule.')).toEqual([
      'Answers 422 (reason: bad x).',
      'The next rule.',
    ]);
  });

  it('does not split before a lower-case word', () => {
    expect(splitSentences('Values like approx. five and etc. stay. one more')).toEqual([
      'Values like approx. five and etc. stay. one more',
    ]);
  });
});

describe('normaliseText', () => {
  it('strips formatting and keeps wording', () => {
    expect(normaliseText('  The **Service**  uses `Bearer <ACCESS_TOKEN>`\n and [links](http://x.y). ')).toBe(
      'the service uses bearer <access_token> and links',
    );
    expect(normaliseText('*Emphasis* and _this_ but not snake_case_name.')).toBe(
      'emphasis and this but not snake_case_name',
    );
    expect(normaliseText('Curly \u201cquotes\u201d and \u2019apostrophes\u2019.')).toBe(
      'curly "quotes" and \'apostrophes\'',
    );
    expect(normaliseText('Ends with a period.')).toBe(normaliseText('Ends   with a period'));
    expect(normaliseText('Ends with a period.')).not.toBe(normaliseText('Ends with one period.'));
  });
});

describe('tableCells', () => {
  it('splits on pipes outside code spans and escapes', () => {
    expect(tableCells('| a | `b|c` | d \\| e |')).toEqual(['a', '`b|c`', 'd \\| e']);
    expect(tableCells('|x|y|')).toEqual(['x', 'y']);
  });
});

describe('parseSpecUnits', () => {
  const units = parseSpecUnits(SAMPLE);
  const at = (locator: string) => units.find((u) => u.locator === locator);

  it('gives one unit per sentence, list sentence and table body row, and none for headings or code', () => {
    expect(units.map((u) => [u.locator, u.text])).toEqual([
      ['§0 para 1 s1', 'intro before any section'],
      ['§0 para 1 s2', 'it ends with the segment v9'],
      ['§1 para 1 s1', 'widgets are blue, e.g. sky blue'],
      ['§1 para 1 s2', 'a widget weighs 1.5 kg (see the table)'],
      ['§1 para 1 s3', 'this line continues the same paragraph'],
      ['§1 para 1 s4', 'ask get /widgets?x=1. y for more!'],
      ['§1 item 1 s1', 'widgets: create, list'],
      ['§1 item 1 s2', 'they are cheap'],
      ['§1 item 2', 'gadgets: read only'],
      ['§1.2 POST /widgets para 1', 'post /widgets creates one widget'],
      ['§1.2 POST /widgets rule 1 s1', 'size uses the form { w: number, ... }'], // NFKC: … is ...,
      ['§1.2 POST /widgets rule 1 s2', 'sizes over 9.5 are refused'],
      ['§1.2 POST /widgets rule 2', 'the colour wins, i.e. it is kept'],
      ['§1.2 POST /widgets table 1 row widgetId', 'widgetid | string | identifier. required'],
      ['§1.2 POST /widgets table 1 row colour', 'colour | string'],
      ['§1.2 POST /widgets table 2 row 1', '400 | bad a|b value'],
      ['§1.2 POST /widgets table 2 row 2', '400 | another one'],
      ['§2 para 1', 'final words: not shown'],
    ]);
    expect(units.some((u) => /fenced|sample api/i.test(u.text))).toBe(false);
  });

  it('derives sections from numbered headings, §0 before the first', () => {
    expect([...new Set(units.map((u) => u.section))]).toEqual(['§0', '§1', '§1.2', '§2']);
    expect(at('§1 item 2')?.kind).toBe('list-item');
    expect(at('§1.2 POST /widgets table 1 row colour')?.kind).toBe('table-row');
    expect(at('§2 para 1')?.kind).toBe('paragraph');
  });

  it('fingerprints are the first 12 hex of sha256 of the normalised text, unique even for repeated text', () => {
    const u = at('§2 para 1')!;
    expect(u.fingerprint).toBe(createHash('sha256').update(u.text).digest('hex').slice(0, 12));
    const twice = parseSpecUnits('## 1. A\n\nSame words.\n\n## 2. B\n\nSame words.\n');
    expect(twice.map((x) => x.text)).toEqual(['same words', 'same words']);
    expect(new Set(twice.map((x) => x.fingerprint)).size).toBe(2);
  });

  it('is deterministic and robust to formatting, sensitive to wording', () => {
    expect(parseSpecUnits(SAMPLE)).toEqual(units);
    const reformatted = SAMPLE.replace('Widgets are **blue**', 'Widgets  are *blue*')
      .replace('| colour | string | |', '|   colour   |   string   |      |')
      .replace('1. `size` uses', '1.   `size`   uses');
    expect(parseSpecUnits(reformatted).map((x) => x.fingerprint)).toEqual(units.map((x) => x.fingerprint));
    const reworded = parseSpecUnits(SAMPLE.replace('Sizes over 9.5 are refused.', 'Sizes over 9.5 are accepted.'));
    const changed = reworded.filter((x, i) => x.fingerprint !== units[i]!.fingerprint).map((x) => x.locator);
    expect(changed).toEqual(['§1.2 POST /widgets rule 1 s2']);
  });

  it('keeps the raw text for display', () => {
    expect(at('§1.2 POST /widgets rule 1 s1')?.raw).toBe('`size` uses the form `{ w: number, … }`.');
    expect(at('§1.2 POST /widgets table 1 row widgetId')?.raw).toBe('| `widgetId` | string | Identifier. Required. |');
  });
});

describe('sketches', () => {
  const a = normaliseText('The widget store keeps every gadget colour as plain text and never adds any markup.');
  const edited = normaliseText('The widget store keeps every gadget colour as plain text and never adds any styling.');
  const other = normaliseText('Ferry timetables list departures by harbour, weekday and season.');

  it('estimate the word overlap of two texts from their sketches alone', () => {
    expect(sketchOf(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(sketchSimilarity(sketchOf(a), sketchOf(a))).toBe(1);
    expect(Math.abs(sketchSimilarity(sketchOf(a), sketchOf(edited)) - wordOverlap(a, edited))).toBeLessThan(0.25);
    expect(sketchSimilarity(sketchOf(a), sketchOf(edited))).toBeGreaterThan(0.5);
    expect(sketchSimilarity(sketchOf(a), sketchOf(other))).toBeLessThan(0.3);
  });
});
