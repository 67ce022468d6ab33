import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { faults, faultIds, isFaultId } from './faults/index.js';
import { startMock } from './server.js';

/** `npm run mock`: the reference mock standalone, for partners and for trying faults by hand. */

const usage = `usage: npm run mock -- [--port N] [--seed N] [--fault ID]... [--latency MS]
                       [--rate-get N --rate-write N] [--chaos-reset P --chaos-503 P] [--token-ttl S]
                       [--env-file FILE] [--list-faults]
--env-file FILE also writes the settings that certify this mock to FILE (KEY=value lines):
                ENV_FILE=FILE npm run conformance
Environment: MOCK_PORT, MOCK_FAULTS (comma-separated) work as well.`;

function die(message: string): never {
  console.error(`mock: ${message}\n${usage}`);
  process.exit(2);
}

function number(raw: string | undefined, name: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) die(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  return n;
}

// The npm script ends with `--`: Node 20 takes an `--env-file` anywhere on its command line as
// its own (and stops when the file does not exist yet) unless a `--` comes first.
const argv = process.argv.slice(2);
if (argv[0] === '--') argv.shift();

let args;
try {
  args = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      fault: { type: 'string', multiple: true },
      latency: { type: 'string' },
      'rate-get': { type: 'string' },
      'rate-write': { type: 'string' },
      'chaos-reset': { type: 'string' },
      'chaos-503': { type: 'string' },
      'token-ttl': { type: 'string' },
      'env-file': { type: 'string' },
      'list-faults': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  }).values;
} catch (err) {
  die((err as Error).message);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
if (args['list-faults']) {
  for (const id of faultIds) console.log(`${id.padEnd(44)} ${faults[id].clause.padEnd(32)} ${faults[id].description}`);
  process.exit(0);
}
const faultList = [...(args.fault ?? []), ...(process.env.MOCK_FAULTS ?? '').split(',').map((s) => s.trim()).filter(Boolean)];
for (const f of faultList) if (!isFaultId(f)) die(`unknown fault "${f}" (see --list-faults)`);
const rateGet = number(args['rate-get'], '--rate-get');
const rateWrite = number(args['rate-write'], '--rate-write');
const chaosReset = number(args['chaos-reset'], '--chaos-reset', { max: 1 });
const chaos503 = number(args['chaos-503'], '--chaos-503', { max: 1 });

const mock = await startMock({
  port: number(args.port ?? process.env.MOCK_PORT, 'port', { max: 65535 }) ?? 0,
  seed: number(args.seed, '--seed'),
  faults: faultList,
  knobs: {
    latencyMs: number(args.latency, '--latency') ?? 0,
    rateLimit: rateGet !== undefined || rateWrite !== undefined ? { getPerMin: rateGet ?? 0, writePerMin: rateWrite ?? 0 } : undefined,
    chaos: chaosReset !== undefined || chaos503 !== undefined ? { resetRate: chaosReset ?? 0, error503Rate: chaos503 ?? 0 } : undefined,
    accessTokenTtlSeconds: number(args['token-ttl'], '--token-ttl', { min: 1 }),
  },
});

const f = mock.fixtures;
/** The settings that point `npm run conformance` at this mock, as the harness reads them. */
const settings: [string, string][] = [
  ['BASE_URL', mock.url],
  ['ACCESS_TOKEN', mock.tokens.full],
  ['ACCESS_TOKEN_NO_PO', mock.tokens.noPo],
  ['ACCESS_TOKEN_EXPIRED', mock.tokens.expired],
  ['COMPANY_ID', f.companyId],
  ['OTHER_COMPANY_ID', f.otherCompanyId],
  ['LOCATION_ID', f.locationId],
  ['CUSTOMER_ID', f.customerId],
  // Pace the harness at the mock's own limits, if it has any.
  ['RATE_LIMIT_GET_PER_MIN', String(rateGet ?? 0)],
  ['RATE_LIMIT_WRITE_PER_MIN', String(rateWrite ?? 0)],
];
/** A value as one shell word: bare when it is plainly safe (URLs, JWTs, ids), else single-quoted. */
const shellWord = (v: string) => (/^[A-Za-z0-9_.,:/@%+=-]*$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
/** A value as dotenv reads it: bare when safe, else double-quoted. */
const dotenvValue = (v: string) => (/^[A-Za-z0-9_.,:/@%+=-]*$/.test(v) ? v : JSON.stringify(v));

let envFileLine = '';
if (args['env-file']) {
  const file = resolve(args['env-file']);
  const text = [`# The Partner API v2 reference mock on ${mock.url} (its tokens die with it). ENV_FILE=${args['env-file']} npm run conformance certifies it.`, ...settings.map(([k, v]) => `${k}=${dotenvValue(v)}`), ''].join('\n');
  try {
    // Whole or not at all (a reader never sees half a file); it holds tokens: owner only.
    writeFileSync(`${file}.tmp-${process.pid}`, text, { mode: 0o600 });
    renameSync(`${file}.tmp-${process.pid}`, file);
  } catch (err) {
    await mock.stop();
    die(`--env-file: cannot write ${file}: ${(err as Error).message}`);
  }
  envFileLine = `\n# Written to ${args['env-file']} as well: ENV_FILE=${args['env-file']} npm run conformance\n`;
}

const limited = rateGet !== undefined || rateWrite !== undefined;
console.log(`Partner API v2 reference mock listening on ${mock.url}
faults on: ${mock.faults.length ? mock.faults.join(', ') : 'none'}

# Paste into your shell, then npm run conformance certifies this mock${limited ? ' (paced at its rate limits)' : ' (loopback: no rate limit needed)'}:
${settings.map(([k, v]) => `export ${k}=${shellWord(v)}`).join('\n')}
${envFileLine}
# Or log in instead of ACCESS_TOKEN (POST /v2/partners/login; tokens last ${mock.knobs.accessTokenTtlSeconds ?? 3600} s):
# export PARTNER_ID=${shellWord(mock.partner.partnerId)}
# export AUTH_KEY=${shellWord(mock.partner.authKey)}

# Try it (the token is written out, so this line works on its own):
curl -s -H "Authorization: Bearer ${mock.tokens.full}" "${mock.url}/items?companyId=${f.companyId}&size=2&page=1"
`);

const shutdown = () => void mock.stop().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
