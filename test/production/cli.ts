import { parseArgs } from 'node:util';
import { startProductionServer } from './server.js';

/**
 * `npx tsx test/production/cli.ts [--port N] [--rate-get N --rate-write N] [--burst N] [--lag-ms MIN-MAX]`
 * starts the production-like server and prints `export KEY=value` lines (stdout) for the harness:
 *
 *   npx tsx test/production/cli.ts > /tmp/prod.env &   # then: . /tmp/prod.env && npm run conformance
 *
 * Anything else goes to stderr. It runs until SIGINT or SIGTERM.
 */

const usage =
  'usage: npx tsx test/production/cli.ts [--port N] [--seed N] [--rate-get N] [--rate-write N] [--burst N] [--lag-ms MIN-MAX] [--inventory-delay-ms MIN-MAX]';

function die(message: string): never {
  console.error(`production server: ${message}\n${usage}`);
  process.exit(2);
}

function count(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) die(`${name} must be a whole number (got "${raw}")`);
  return Number(raw);
}

function range(raw: string | undefined, name: string): { min: number; max: number } | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d+)-(\d+)$/.exec(raw);
  if (!m || Number(m[1]) > Number(m[2])) die(`${name} must be MIN-MAX in ms, e.g. 1000-2000 (got "${raw}")`);
  return { min: Number(m[1]), max: Number(m[2]) };
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      'rate-get': { type: 'string' },
      'rate-write': { type: 'string' },
      burst: { type: 'string' },
      'lag-ms': { type: 'string' },
      'inventory-delay-ms': { type: 'string' },
      help: { type: 'boolean' },
    },
  }).values;
} catch (err) {
  die((err as Error).message);
}
if (args.help) {
  console.error(usage);
  process.exit(0);
}

const server = await startProductionServer({
  port: count(args.port, '--port'),
  seed: count(args.seed, '--seed'),
  burstPerSecond: count(args.burst, '--burst'),
  perMinute: { get: count(args['rate-get'], '--rate-get'), write: count(args['rate-write'], '--rate-write') },
  replicaLagMs: range(args['lag-ms'], '--lag-ms'),
  inventoryDelayMs: range(args['inventory-delay-ms'], '--inventory-delay-ms'),
});

const f = server.fixtures;
const vars: [string, string][] = [
  ['BASE_URL', server.url],
  ['ACCESS_TOKEN', server.tokens.full],
  ['ACCESS_TOKEN_NO_PO', server.tokens.noPo],
  ['ACCESS_TOKEN_EXPIRED', server.tokens.expired],
  ['COMPANY_ID', f.companyId],
  ['OTHER_COMPANY_ID', f.otherCompanyId],
  ['LOCATION_ID', f.locationId],
  ['SECOND_LOCATION_ID', f.secondLocationId],
  ['CUSTOMER_ID', f.customerId],
];
console.log(vars.map(([k, v]) => `export ${k}=${v}`).join('\n'));
const s = server.settings;
console.error(
  `production-like server on ${server.url}: replica lag ${s.replicaLagMs.min}-${s.replicaLagMs.max} ms, burst ${s.burstPerSecond}/s, ` +
    `per minute ${s.perMinute.get || '∞'} GETs / ${s.perMinute.write || '∞'} writes, page size ${s.defaultPageSize} (max ${s.maxPageSize})`,
);

const shutdown = () => void server.stop().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
