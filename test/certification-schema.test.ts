import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import { certify } from '../harness/certify/certify.js';
import { certificationJsonSchema } from '../harness/certify/schema.js';
import { SCHEMA_FILE } from '../harness/cli/schema.js';
import { sampleJournal } from './report-fixtures.js';
import { expectValidCertification } from './support/certification-schema.js';

describe('reports/certification.schema.json', () => {
  it('is what `npm run schema` generates from harness/certify/schema.ts (regenerate it when this fails)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(certificationJsonSchema());
  });

  it('accepts a certificate of the fixtures, and refuses one whose failed check carries no failure', () => {
    const cert = JSON.parse(JSON.stringify(certify(sampleJournal(), clauses))) as ReturnType<typeof certify>;
    expectValidCertification(cert);
    const failed = cert.clauses.flatMap((c) => c.checks).find((ch) => ch.verdict === 'failed')!;
    delete failed.failures;
    expect(() => expectValidCertification(cert)).toThrow();
  });

  it('refuses a certificate whose schemaVersion is not the one documented', () => {
    const cert = JSON.parse(JSON.stringify(certify(sampleJournal(), clauses))) as Record<string, unknown>;
    expectValidCertification(cert);
    expect(() => expectValidCertification({ ...cert, schemaVersion: 2 })).toThrow();
  });
});
