import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CERTIFICATION_JSON } from '../outputs/registry.js';
import { EXIT } from '../core/exit-codes.js';
import { MANIFEST, verifyManifest } from '../outputs/manifest.js';

/**
 * `partner-conformance verify <dir>` (`npm run verify-bundle <dir>`): recomputes every hash of a certification bundle.
 * Exit 0 when every file matches MANIFEST.sha256, 1 on any changed, missing or unlisted file,
 * 2 on a usage error.
 */
/** Which run the bundle certifies and its verdict, so a verified bundle is not taken for another run's. */
function whose(dir: string): string {
  try {
    const c = JSON.parse(readFileSync(join(dir, CERTIFICATION_JSON), 'utf8')) as {
      verdict?: string;
      headline?: string;
      finishedAt?: string;
      run?: { runId?: string };
    };
    return ` (run ${c.run?.runId ?? '?'}, ${c.headline ?? String(c.verdict ?? '?').toUpperCase()}, finished ${c.finishedAt ?? '?'})`;
  } catch {
    return '';
  }
}

export function verifyBundle(dir: string): number {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`verify-bundle: ${dir} is not a directory`);
    return EXIT.usage;
  }
  if (!existsSync(`${dir}/${MANIFEST}`)) {
    console.error(`verify-bundle: ${dir} has no ${MANIFEST}; is it a certification bundle?`);
    return EXIT.usage;
  }
  const check = verifyManifest(dir);
  if (check.ok) {
    console.log(`Bundle verified: ${check.verified} files match ${MANIFEST} in ${dir}${whose(dir)}`);
    return EXIT.ok;
  }
  console.error(`Bundle NOT verified: ${check.problems.length} problem(s) in ${dir}`);
  for (const p of check.problems) console.error(`  ${p}`);
  return EXIT.failed;
}
