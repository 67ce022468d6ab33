import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Certification } from '../certify/types.js';
import { ConfigError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { MANIFEST, verifyManifest } from '../outputs/manifest.js';
import { pagesAgree } from '../outputs/agree.js';
import { CERTIFICATION_JSON } from '../outputs/registry.js';
import { loadPublicKey, signedBy, verifySignature } from '../outputs/signature.js';

/**
 * `partner-conformance verify <dir> [--key <public.pem>]` (`npm run verify-bundle`): recomputes every
 * hash of a certification bundle, checks that its pages say what its certification.json says (a
 * certification.json edited and its manifest regenerated still disagrees with index.html), and with
 * --key that the bundle carries a signature of that key over every file as it is. Exit 0 when all
 * hold, 1 on any problem (an unsigned bundle under --key included), 2 on a usage error.
 */

/** Which run the bundle certifies and its verdict, so a verified bundle is not taken for another run's. */
function whose(c: Partial<Certification> | undefined): string {
  if (!c) return '';
  return ` (run ${c.run?.runId ?? '?'}, ${c.headline ?? String(c.verdict ?? '?').toUpperCase()}, finished ${c.finishedAt ?? '?'})`;
}

export function verifyBundle(dir: string, o: { key?: string } = {}): number {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`verify-bundle: ${dir} is not a directory`);
    return EXIT.usage;
  }
  if (!existsSync(`${dir}/${MANIFEST}`)) {
    console.error(`verify-bundle: ${dir} has no ${MANIFEST}; is it a certification bundle?`);
    return EXIT.usage;
  }
  // A key that cannot verify is the user's mistake (exit 2), found before anything is judged.
  const key = o.key ? loadKey(o.key) : undefined;
  const check = verifyManifest(dir);
  const problems = [...check.problems];
  let cert: Certification | undefined;
  try {
    cert = JSON.parse(readFileSync(join(dir, CERTIFICATION_JSON), 'utf8')) as Certification;
  } catch {
    if (!problems.some((p) => p.endsWith(`: ${CERTIFICATION_JSON}`)))
      problems.push(`unreadable: ${CERTIFICATION_JSON} is not JSON`);
  }
  if (cert) problems.push(...pagesAgree(dir, cert));
  const signature = key ? verifySignature(dir, key) : undefined;
  if (signature) problems.push(...signature.problems);
  if (problems.length === 0) {
    const signer = signature?.signedBy
      ? `; signed by ${signature.signedBy}`
      : signedBy(dir)
        ? `; it carries a signature of ${signedBy(dir)}, not checked (pass --key <public.pem>)`
        : '; unsigned';
    console.log(
      `Bundle verified: ${check.verified} files match ${MANIFEST} in ${dir}, the pages agree with ${CERTIFICATION_JSON}${signer}${whose(cert)}`,
    );
    return EXIT.ok;
  }
  console.error(`Bundle NOT verified: ${problems.length} problem(s) in ${dir}`);
  for (const p of problems) console.error(`  ${p}`);
  return EXIT.failed;
}

function loadKey(file: string) {
  if (!existsSync(file)) throw new ConfigError(`--key ${file}: no such file`);
  return loadPublicKey(file);
}
