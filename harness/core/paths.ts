import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by the bundle the command line runs from (bin/bundle-cache.js): it lives outside the tree. */
declare const __PARTNER_CONFORMANCE_ROOT__: string | undefined;

/** The harness's own root (package.json, vitest.config.ts, suites/), wherever it is run from. */
export const PROJECT_ROOT =
  typeof __PARTNER_CONFORMANCE_ROOT__ === 'string'
    ? __PARTNER_CONFORMANCE_ROOT__
    : resolve(dirname(fileURLToPath(import.meta.url)), '../..');
