import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { certificationJsonSchema } from '../certify/schema.js';
import { PROJECT_ROOT } from '../core/paths.js';

/**
 * `npm run schema`: regenerates reports/certification.schema.json from the zod schema of the
 * certificate (harness/certify/schema.ts). test/certification-schema.test.ts fails when it is stale.
 */
export const SCHEMA_FILE = join(PROJECT_ROOT, 'reports', 'certification.schema.json');

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(SCHEMA_FILE, certificationJsonSchema());
  console.log(`wrote ${SCHEMA_FILE}`);
}
