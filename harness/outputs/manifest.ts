import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The bundle's manifest, in `sha256sum` format so `sha256sum -c MANIFEST.sha256` checks it too. */
export const MANIFEST = 'MANIFEST.sha256';
/** The detached signature of the manifest and every file (harness/outputs/signature.ts), when the bundle is signed. */
export const SIGNATURE = 'MANIFEST.sha256.sig';

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.filter((f) => f !== MANIFEST && f !== SIGNATURE).sort();
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The manifest the files of `dir` make as they are now: what is written, and what a signature covers. */
export function manifestText(dir: string): string {
  return filesUnder(dir)
    .map((f) => `${sha256(join(dir, f))}  ${f}\n`)
    .join('');
}

/** Lists every file of the directory (except the manifest and its signature) with its sha256. */
export function writeManifest(dir: string): string[] {
  writeFileSync(join(dir, MANIFEST), manifestText(dir));
  return filesUnder(dir);
}

export interface ManifestCheck {
  ok: boolean;
  /** Files that match their listed hash. */
  verified: number;
  /** One line per problem: changed, missing, unlisted, or a malformed manifest line. */
  problems: string[];
}

/** Recomputes every hash; a changed, missing or unlisted file fails the check. */
export function verifyManifest(dir: string): ManifestCheck {
  const manifestFile = join(dir, MANIFEST);
  if (!existsSync(manifestFile)) return { ok: false, verified: 0, problems: [`missing: ${MANIFEST}`] };
  const problems: string[] = [];
  const listed = new Set<string>();
  let verified = 0;
  readFileSync(manifestFile, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line === '') return;
      const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
      if (!m) return void problems.push(`malformed: ${MANIFEST} line ${i + 1}`);
      const [, hash, file] = m as unknown as [string, string, string];
      listed.add(file);
      if (file.split('/').includes('..'))
        return void problems.push(`malformed: ${MANIFEST} line ${i + 1} leaves the bundle`);
      const path = join(dir, file);
      if (!existsSync(path)) return void problems.push(`missing: ${file}`);
      if (sha256(path) !== hash) return void problems.push(`changed: ${file}`);
      verified += 1;
    });
  for (const f of filesUnder(dir)) if (!listed.has(f)) problems.push(`unlisted: ${f}`);
  return { ok: problems.length === 0, verified, problems };
}
