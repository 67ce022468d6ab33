import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startMock, type MockServer } from './server.js';

/**
 * The reference mock standalone (`npm run mock`): started on a port, with the settings that
 * certify it printed as `export` lines and, when asked, written to an env file.
 */

export interface StandaloneOptions {
  port?: number;
  seed?: number;
  faults?: readonly string[];
  latencyMs?: number;
  rateGet?: number;
  rateWrite?: number;
  chaosReset?: number;
  chaos503?: number;
  tokenTtlSeconds?: number;
  /** Also write the settings to this file (dotenv syntax), for ENV_FILE. */
  envFile?: string;
  /** The command that certifies a target, as the banner tells the user to type it. */
  certifyWith?: string;
}

export interface Standalone {
  mock: MockServer;
  /** The settings that point a conformance run at this mock, as the harness reads them. */
  settings: [string, string][];
  /** What the console shows: where it listens, the export lines, a curl line. */
  banner: string;
  stop(): Promise<void>;
}

/** One line per fault: id, clause, what it breaks. */
export async function faultList(): Promise<string> {
  const { faults, faultIds } = await import('./faults/index.js');
  return faultIds.map((id) => `${id.padEnd(44)} ${faults[id].clause.padEnd(32)} ${faults[id].description}`).join('\n');
}

export class StandaloneError extends Error {}

/** A value as one shell word: bare when it is plainly safe (URLs, JWTs, ids), else single-quoted. */
const shellWord = (v: string) => (/^[A-Za-z0-9_.,:/@%+=-]*$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
/** A value as dotenv reads it: bare when safe, else double-quoted. */
const dotenvValue = (v: string) => (/^[A-Za-z0-9_.,:/@%+=-]*$/.test(v) ? v : JSON.stringify(v));

export async function startStandalone(o: StandaloneOptions): Promise<Standalone> {
  const { isKnownFault } = o.faults?.length ? await import('./faults/index.js') : { isKnownFault: () => true };
  const unknown = (o.faults ?? []).filter((f) => !isKnownFault(f));
  if (unknown.length) throw new StandaloneError(`unknown fault "${unknown[0]}" (see --list-faults)`);
  const limited = o.rateGet !== undefined || o.rateWrite !== undefined;
  const mock = await startMock({
    port: o.port ?? 0,
    seed: o.seed,
    faults: o.faults ?? [],
    knobs: {
      latencyMs: o.latencyMs ?? 0,
      rateLimit: limited ? { getPerMin: o.rateGet ?? 0, writePerMin: o.rateWrite ?? 0 } : undefined,
      chaos:
        o.chaosReset !== undefined || o.chaos503 !== undefined
          ? { resetRate: o.chaosReset ?? 0, error503Rate: o.chaos503 ?? 0 }
          : undefined,
      accessTokenTtlSeconds: o.tokenTtlSeconds,
    },
  });
  const f = mock.fixtures;
  // The command that certifies a target, as the user runs it (a checkout's npm script by default).
  const certify = o.certifyWith ?? 'npm run conformance';
  const settings: [string, string][] = [
    ['BASE_URL', mock.url],
    ['ACCESS_TOKEN', mock.tokens.full],
    ['ACCESS_TOKEN_NO_PO', mock.tokens.noPo],
    ['ACCESS_TOKEN_EXPIRED', mock.tokens.expired],
    ['COMPANY_ID', f.companyId],
    ['OTHER_COMPANY_ID', f.otherCompanyId],
    ['LOCATION_ID', f.locationId],
    ['SECOND_LOCATION_ID', f.secondLocationId],
    ['CUSTOMER_ID', f.customerId],
    // Pace the harness at the mock's own limits, if it has any.
    ['RATE_LIMIT_GET_PER_MIN', String(o.rateGet ?? 0)],
    ['RATE_LIMIT_WRITE_PER_MIN', String(o.rateWrite ?? 0)],
  ];
  let envFileLine = '';
  if (o.envFile) {
    const file = resolve(o.envFile);
    const text = [
      `# The Partner API v2 reference mock on ${mock.url} (its tokens die with it). ENV_FILE=${o.envFile} ${certify} certifies it.`,
      ...settings.map(([k, v]) => `${k}=${dotenvValue(v)}`),
      '',
    ].join('\n');
    try {
      // Whole or not at all (a reader never sees half a file); it holds tokens: owner only.
      writeFileSync(`${file}.tmp-${process.pid}`, text, { mode: 0o600 });
      renameSync(`${file}.tmp-${process.pid}`, file);
    } catch (err) {
      await mock.stop();
      throw new StandaloneError(`--env-file: cannot write ${file}: ${(err as Error).message}`);
    }
    envFileLine = `\n# Written to ${o.envFile} as well: ENV_FILE=${o.envFile} ${certify}\n`;
  }
  const banner = `Partner API v2 reference mock listening on ${mock.url}
faults on: ${mock.faults.length ? mock.faults.join(', ') : 'none'}

# Paste into your shell, then ${certify} certifies this mock${limited ? ' (paced at its rate limits)' : ' (loopback: no rate limit needed)'}:
${settings.map(([k, v]) => `export ${k}=${shellWord(v)}`).join('\n')}
${envFileLine}
# Or log in instead of ACCESS_TOKEN (POST /v2/partners/login; tokens last ${mock.knobs.accessTokenTtlSeconds ?? 3600} s):
# export PARTNER_ID=${shellWord(mock.partner.partnerId)}
# export AUTH_KEY=${shellWord(mock.partner.authKey)}

# Try it (the token is written out, so this line works on its own):
curl -s -H "Authorization: Bearer ${mock.tokens.full}" "${mock.url}/items?companyId=${f.companyId}&size=2&page=1"
`;
  return { mock, settings, banner, stop: () => mock.stop() };
}
