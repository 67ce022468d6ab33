import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { z } from 'zod';
import { certificationSchema } from '../../harness/certify/schema.js';
import { PROJECT_ROOT } from '../../harness/core/paths.js';

/** reports/certification.schema.json, as published (the file, not the zod source it is generated from). */
const published = z.fromJSONSchema(
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'reports', 'certification.schema.json'), 'utf8')) as Record<
    string,
    unknown
  >,
);

/**
 * Asserts that a certification.json a test wrote (its text, its path, or the parsed value) is valid
 * against the published JSON Schema and against the zod schema with its rules (a failed check
 * carries failures, an errored one its error). Every test that produces a certification calls it.
 */
export function expectValidCertification(cert: unknown): void {
  const value =
    typeof cert === 'string'
      ? (JSON.parse(cert.trimStart().startsWith('{') ? cert : readFileSync(cert, 'utf8')) as unknown)
      : cert;
  const issues = (r: { success: boolean; error?: z.ZodError }) =>
    r.success ? [] : r.error!.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
  expect(issues(published.safeParse(value)), 'against reports/certification.schema.json').toEqual([]);
  expect(issues(certificationSchema.safeParse(value)), 'against harness/certify/schema.ts').toEqual([]);
}
