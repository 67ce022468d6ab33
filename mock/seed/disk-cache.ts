import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompanyData } from '../model.js';

/**
 * The seeded companies of a fixed seed and sizes, kept on disk between processes: every embedded
 * run and every self-test that starts a mock would otherwise generate the same ~2,600 records with
 * faker again (0.3–0.4 s of CPU each; reading them back costs a sixth of that). The file's name is
 * a hash of what decides the data: the key (seed, sizes), the sources of mock/seed/ and of what they
 * import from the model and the contract, and the faker version. Anything unreadable is a miss.
 */

/** Set by the bundle the command line runs from (bin/bundle-cache.js): it lives outside the tree. */
declare const __PARTNER_CONFORMANCE_ROOT__: string | undefined;

const ROOT =
  typeof __PARTNER_CONFORMANCE_ROOT__ === 'string'
    ? __PARTNER_CONFORMANCE_ROOT__
    : resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'partner-conformance', 'seed');

/** The keyed collections of a company, in the order they are written. */
const collections = [
  'items',
  'vehicles',
  'customers',
  'inventoryLevels',
  'appointmentRequests',
  'purchaseOrders',
] as const;

let sources: string | undefined;

/** A hash of every source the generated data depend on (read once per process). */
function sourcesHash(): string {
  if (sources === undefined) {
    const h = createHash('sha256');
    const seedDir = join(ROOT, 'mock', 'seed');
    const files = [
      ...readdirSync(seedDir)
        .filter((f) => f.endsWith('.ts'))
        .sort()
        .map((f) => join(seedDir, f)),
      join(ROOT, 'mock', 'model.ts'),
      join(ROOT, 'contract', 'schemas.ts'),
      join(ROOT, 'node_modules', '@faker-js', 'faker', 'package.json'),
    ];
    for (const f of files) h.update(f).update(readFileSync(f));
    sources = h.digest('hex');
  }
  return sources;
}

function fileFor(key: string): string {
  const name = createHash('sha256').update(key).update(sourcesHash()).digest('hex').slice(0, 24);
  return join(CACHE_DIR, `${name}.json`);
}

type Stored = Omit<CompanyData, (typeof collections)[number]> &
  Record<(typeof collections)[number], [string, unknown][]>;

/** The companies stored under `key`, or undefined (never stored, sources changed, unreadable). */
export function readSeedCache(key: string): Map<string, CompanyData> | undefined {
  try {
    const stored = JSON.parse(readFileSync(fileFor(key), 'utf8')) as Stored[];
    return new Map(
      stored.map((c) => {
        const company = { ...c } as unknown as CompanyData;
        for (const k of collections) (company as unknown as Record<string, unknown>)[k] = new Map(c[k]);
        return [c.companyId, company];
      }),
    );
  } catch {
    return undefined;
  }
}

/** Stores the companies under `key`, atomically; a failure to write only loses the cache. */
export function writeSeedCache(key: string, companies: ReadonlyMap<string, CompanyData>): void {
  try {
    const file = fileFor(key);
    const stored = [...companies.values()].map((c) => {
      const out: Record<string, unknown> = { ...c };
      for (const k of collections) out[k] = [...c[k]];
      return out;
    });
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(tmp, JSON.stringify(stored));
    renameSync(tmp, file);
    // One file per seed, sizes, day and source state: those not read for a week go.
    const weekAgo = Date.now() - 7 * 86_400_000;
    for (const f of readdirSync(CACHE_DIR)) {
      const path = join(CACHE_DIR, f);
      if (statSync(path).atimeMs < weekAgo && statSync(path).mtimeMs < weekAgo) rmSync(path, { force: true });
    }
  } catch {
    // A read-only checkout or a missing source: generated again next time.
  }
}
