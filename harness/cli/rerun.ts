import { readFileSync } from 'node:fs';
import { environment, loadSettings } from '../config.js';
import { ConfigError } from '../core/errors.js';

/**
 * `partner-conformance rerun <certification.json>`: runs again the clauses a certificate left
 * failed or inconclusive, as one `-t` selection, with the run's seed and the target, company,
 * records, mode and limits it recorded; credentials come from the user's settings now (they are
 * never in a certificate). Settings given as flags win over the recorded ones.
 */

/** What of a certificate a rerun reads; anything else in it is not needed. */
export interface RerunSource {
  schemaVersion: number;
  seed: number;
  numRuns?: number;
  mode: 'full' | 'readonly';
  target: {
    kind: 'embedded' | 'live';
    url: string;
    companyId: string;
    otherCompanyId?: string;
    locationId?: string;
    secondLocationId?: string;
    customerId?: string;
  };
  budget?: { limits?: { getPerMin: number; writePerMin: number } };
  clauses: { id: string; verdict: string }[];
}

const RERUN = new Set(['failed', 'inconclusive']);

/** The certificate, or a usage error (exit 2) saying why the file is not one. */
export function readCertification(file: string): RerunSource {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(
      `rerun: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(`rerun: ${file} is not JSON, so not a certification.json`);
  }
  const c = data as Partial<RerunSource> | null;
  const ok =
    !!c &&
    typeof c === 'object' &&
    typeof c.schemaVersion === 'number' &&
    typeof c.seed === 'number' &&
    (c.mode === 'full' || c.mode === 'readonly') &&
    !!c.target &&
    (c.target.kind === 'embedded' || c.target.kind === 'live') &&
    typeof c.target.url === 'string' &&
    Array.isArray(c.clauses) &&
    c.clauses.every((x) => typeof x?.id === 'string' && typeof x?.verdict === 'string');
  if (!ok)
    throw new ConfigError(
      `rerun: ${file} is not a certification (certification.json of a run: seed, mode, target and clauses)`,
    );
  return c as RerunSource;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The clauses to run again: failed or inconclusive in the certificate. */
export const clausesToRerun = (c: RerunSource): string[] =>
  c.clauses.filter((x) => RERUN.has(x.verdict)).map((x) => x.id);

/**
 * The `-t` pattern of those clauses: every check of each (a test name is `ID[ [variant]]: MUST …`),
 * and nothing whose id only begins the same way.
 */
export const rerunPattern = (ids: readonly string[]): string =>
  `^(?:${ids.map(escapeRegExp).join('|')})(?: \\[[^\\]]*\\])?: `;

/** The settings the certificate recorded, as flags of the run (the user's own flags win). */
export function recordedFlags(c: RerunSource): Record<string, string> {
  const t = c.target;
  const flags: Record<string, string> = { SEED: String(c.seed) };
  if (c.numRuns !== undefined) flags.NUM_RUNS = String(c.numRuns);
  // Read-only is sticky: a rerun never turns a run that wrote into one the user's settings keep read-only.
  if (c.mode === 'readonly') flags.CONFORMANCE_MODE = 'readonly';
  if (t.kind === 'live') {
    flags.BASE_URL = t.url;
    flags.COMPANY_ID = t.companyId;
    const optional = {
      OTHER_COMPANY_ID: t.otherCompanyId,
      LOCATION_ID: t.locationId,
      SECOND_LOCATION_ID: t.secondLocationId,
      CUSTOMER_ID: t.customerId,
    };
    for (const [k, v] of Object.entries(optional)) if (v) flags[k] = v;
    const limits = c.budget?.limits;
    if (limits) {
      flags.RATE_LIMIT_GET_PER_MIN = String(limits.getPerMin);
      flags.RATE_LIMIT_WRITE_PER_MIN = String(limits.writePerMin);
    }
  }
  return flags;
}

export interface RerunRequest {
  file: string;
  /** Settings the user gave as flags: they win over the recorded ones. */
  flags: Record<string, string>;
  replaceFull?: boolean;
}

export async function rerunCommand(r: RerunRequest): Promise<number> {
  const cert = readCertification(r.file);
  const ids = clausesToRerun(cert);
  if (!ids.length) throw new ConfigError(`rerun: nothing to rerun: ${r.file} has no failed or inconclusive clause`);
  const flags = { ...recordedFlags(cert), ...r.flags };
  // The embedded mock has no address to record: a BASE_URL of the user's would send the rerun elsewhere.
  if (cert.target.kind === 'embedded' && !r.flags.BASE_URL && loadSettings(environment()).baseUrl)
    throw new ConfigError(
      `rerun: ${r.file} certifies the embedded mock, but BASE_URL is set: unset it (or ENV_FILE=/dev/null) to rerun against the mock`,
    );
  const pattern = rerunPattern(ids);
  console.log(
    `Rerunning ${ids.length} clause${ids.length === 1 ? '' : 's'} of ${r.file} (${ids.join(', ')}) with seed ${cert.seed}` +
      `${cert.target.kind === 'live' ? ` against ${cert.target.url}, company ${cert.target.companyId}` : ' against the embedded mock'}: -t '${pattern}'`,
  );
  const { runConformance } = await import('./conformance.js');
  return runConformance({ filter: pattern, paths: [], skipAreas: [], flags, replaceFull: r.replaceFull });
}
