import { describe, expect, it } from 'vitest';
import { readsBackAsWritten } from '../harness/checks/index.js';

/** A value written and read back, by what each field's silence lets a reader require (harness/checks/written.ts). */
describe('reads back as written', () => {
  it('identifiers in any case, trimmed; never another JSON type', () => {
    expect(readsBackAsWritten('identifier', '1HGCM82633A004352', ' 1hgcm82633a004352')).toBe(true);
    expect(readsBackAsWritten('identifier', '1HGCM82633A004352', '1HGCM82633A004353')).toBe(false);
    expect(readsBackAsWritten('identifier', '123', 123)).toBe(false);
  });

  it('prose exactly, after trimming', () => {
    expect(readsBackAsWritten('prose', 'Brake check', 'Brake check ')).toBe(true);
    expect(readsBackAsWritten('prose', 'Brake check', 'brake check')).toBe(false);
  });

  it('free text in the store spelling', () => {
    expect(readsBackAsWritten('free-text', 'All  Wheel Drive', 'all wheel drive')).toBe(true);
    expect(readsBackAsWritten('free-text', 'AWD', 'FWD')).toBe(false);
  });

  it('an empty image as "", null or absent; a URL as any non-empty string', () => {
    for (const got of ['', null, undefined]) expect(readsBackAsWritten('image', '', got)).toBe(true);
    expect(readsBackAsWritten('image', '', 'https://cdn.example/x.jpg')).toBe(false);
    expect(readsBackAsWritten('image', 'https://example.com/v.jpg', 'https://cdn.example/abc.jpg')).toBe(true);
    expect(readsBackAsWritten('image', 'https://example.com/v.jpg', '')).toBe(false);
  });

  it('a region in its stored form, present; numbers exactly', () => {
    expect(readsBackAsWritten('stored-form-open', 'CA', 'US-CA')).toBe(true);
    expect(readsBackAsWritten('stored-form-open', 'CA', null)).toBe(false);
    expect(readsBackAsWritten('exact', 2019, 2019)).toBe(true);
    expect(readsBackAsWritten('exact', 2019, '2019')).toBe(false);
  });
});
