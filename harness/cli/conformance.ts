import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';
import { loadSettings } from '../config.js';
import { ConfigError } from '../errors.js';
import { loadProfile } from '../profile.js';
import type { Certification } from '../report/certification.js';
import { BASE_URL_HANDOVER, CLI_FLAG, reportsDir } from '../run/start-run.js';
import { probeTarget } from '../run/probe.js';

/**
 * `npm run conformance`: certify BASE_URL, or the embedded mock when it is unset.
 * Exit codes: 0 conformant, 1 a contract check failed, 2 configuration or usage error,
 * 3 inconclusive (the target could not be reached or did not answer).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, inconclusive: 3 } as const;

function usageError(message: string): never {
  console.error(`Configuration error: ${message}`);
  process.exit(EXIT.usage);
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2),
      options: {
        shard: { type: 'string' },
        baseline: { type: 'string' },
        'fail-on': { type: 'string' },
        filter: { type: 'string', short: 't' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }).values;
  } catch (err) {
    usageError((err as Error).message);
  }
  if (args.help) {
    console.log('usage: npm run conformance -- [--shard i/n] [--baseline certification.json] [--fail-on any|regression] [-t pattern]');
    return EXIT.ok;
  }
  if (args.shard && !/^\d+\/\d+$/.test(args.shard)) usageError(`--shard must look like 1/3 (got "${args.shard}")`);

  let settings;
  try {
    settings = loadSettings(process.env);
    loadProfile(settings.profileFile);
  } catch (err) {
    if (err instanceof ConfigError) usageError(err.message);
    throw err;
  }

  if (settings.baseUrl) {
    const probe = await probeTarget(settings);
    if (!probe.ok) {
      console.error(`Inconclusive: ${probe.reason}`);
      return EXIT.inconclusive;
    }
  }

  process.env[CLI_FLAG] = '1';
  process.env.CONFORMANCE_ALLURE = '1';
  if (settings.baseUrl) process.env[BASE_URL_HANDOVER] = settings.baseUrl;
  else delete process.env[BASE_URL_HANDOVER];
  const dir = reportsDir();
  const vitest = await startVitest('test', args.filter ? [] : [], {
    run: true,
    watch: false,
    project: ['conformance'],
    shard: args.shard,
    testNamePattern: args.filter,
    reporters: [
      'default',
      ['junit', { outputFile: join(dir, 'junit.xml') }],
      ['allure-vitest/reporter', { resultsDir: join(dir, 'allure-results') }],
      './harness/report/results-reporter.ts',
    ],
  });
  await vitest.close();

  const file = join(dir, 'certification.json');
  if (!existsSync(file)) {
    console.error('Inconclusive: the run produced no certification (see the output above).');
    return EXIT.inconclusive;
  }
  const cert = JSON.parse(readFileSync(file, 'utf8')) as Certification;
  console.log(`\nVerdict: ${cert.verdict} (${Object.entries(cert.summary).map(([k, v]) => `${v} ${k}`).join(', ')})`);
  console.log(`Reports: ${join(dir, 'certification.md')}, ${file}, ${join(dir, 'junit.xml')}, ${join(dir, 'allure-results/')}`);
  return cert.verdict === 'conformant' ? EXIT.ok : cert.verdict === 'inconclusive' ? EXIT.inconclusive : EXIT.failed;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(EXIT.inconclusive);
  },
);
