import { startVariantServer } from '../variant/server.js';
import { transformations } from '../variant/transformations.js';
import { silentChoices } from './silent-choices.js';
import { mockEnv } from './run-cli.js';

/**
 * `npx tsx test/support/serve-variant.ts > /tmp/variant.env &` starts the variant conforming server
 * and prints `export KEY=value` lines for the harness (then: `. /tmp/variant.env && npm run conformance`).
 * With `--silent-choices`, the four choices of test/support/silent-choices.ts are layered on it.
 * It runs until SIGINT or SIGTERM.
 */
const silent = process.argv.includes('--silent-choices');
const variant = await startVariantServer({}, silent ? [...transformations, ...silentChoices] : transformations);
console.log(
  Object.entries(mockEnv(variant.mock, variant.url))
    .map(([k, v]) => `export ${k}=${v}`)
    .join('\n'),
);
const stop = () => void variant.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
