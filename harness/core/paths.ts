import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The harness's own root (package.json, vitest.config.ts, suites/), wherever it is run from. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
