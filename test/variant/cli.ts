import { parseArgs } from 'node:util';
import { startVariantServer } from './server.js';

/**
 * `npx tsx test/variant/cli.ts [--seed N]` starts the variant conforming server (a proxy making other
 * spec-silent choices in front of a reference mock) and prints `export KEY=value` lines (stdout) for
 * the harness:
 *
 *   npx tsx test/variant/cli.ts > /tmp/variant.env &   # then: . /tmp/variant.env && npm run conformance
 *
 * Anything else goes to stderr. It runs until SIGINT or SIGTERM.
 */

const usage = 'usage: npx tsx test/variant/cli.ts [--seed N]';

function die(message: string): never {
  console.error(`variant server: ${message}\n${usage}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({ options: { seed: { type: 'string' }, help: { type: 'boolean' } } }).values;
} catch (err) {
  die((err as Error).message);
}
if (args.help) {
  console.error(usage);
  process.exit(0);
}
if (args.seed !== undefined && !/^\d+$/.test(args.seed)) die(`--seed must be a whole number (got "${args.seed}")`);

const variant = await startVariantServer(args.seed === undefined ? {} : { seed: Number(args.seed) });
const { tokens, fixtures: f } = variant.mock;
const vars: [string, string][] = [
  ['BASE_URL', variant.url],
  ['ACCESS_TOKEN', tokens.full],
  ['ACCESS_TOKEN_NO_PO', tokens.noPo],
  ['ACCESS_TOKEN_EXPIRED', tokens.expired],
  ['COMPANY_ID', f.companyId],
  ['OTHER_COMPANY_ID', f.otherCompanyId],
  ['LOCATION_ID', f.locationId],
  ['SECOND_LOCATION_ID', f.secondLocationId],
  ['CUSTOMER_ID', f.customerId],
];
console.log(vars.map(([k, v]) => `export ${k}=${v}`).join('\n'));
console.error(`variant conforming server on ${variant.url} (reference mock behind it on ${variant.mock.url})`);

const shutdown = () => void variant.stop().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
