import { envSetting, SETTING_PREFIX } from '../config.js';
import { ConfigError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { commandLine } from '../core/invocation.js';
import { faultList, StandaloneError, startStandalone, type StandaloneOptions } from '../target.js';
import { runConformance } from './conformance.js';

/**
 * `partner-conformance mock` (`npm run mock`): the reference mock standalone, printing the
 * `export` lines that certify it (and writing them to --env-file). With --run it also certifies
 * it at once and stops it: the whole "try a fault by hand" in one command.
 */
export interface MockRequest extends StandaloneOptions {
  listFaults?: boolean;
  /** Certify the mock at once (then stop it) instead of serving until Ctrl-C. */
  run?: boolean;
  /** -t for the run. */
  filter?: string;
  /** Settings flags for the run (e.g. --reports-dir). */
  flags: Record<string, string>;
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

export async function mockCommand(r: MockRequest): Promise<number> {
  if (r.listFaults) {
    console.log(await faultList());
    return EXIT.ok;
  }
  // MOCK_PORT and MOCK_FAULTS, the mock's own variables, as before the CLI had flags.
  const port = r.port ?? (envSetting('MOCK_PORT') ? Number(envSetting('MOCK_PORT')) : undefined);
  const faults = [
    ...(r.faults ?? []),
    ...(envSetting('MOCK_FAULTS') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
  let standalone;
  try {
    standalone = await startStandalone({ ...r, port, faults, certifyWith: commandLine('run') });
  } catch (err) {
    if (err instanceof StandaloneError) throw new ConfigError(`mock: ${err.message}`);
    throw err;
  }
  console.log(standalone.banner);
  if (!r.run) {
    await waitForSignal();
    await standalone.stop();
    return EXIT.ok;
  }
  try {
    console.log(`Certifying this mock now (--run); it stops when the run ends.\n`);
    // Both names of each setting: a prefixed one in the user's environment must not point elsewhere.
    const env = Object.fromEntries(
      standalone.settings.flatMap(([k, v]) => [
        [k, v],
        [`${SETTING_PREFIX}${k}`, v],
      ]),
    );
    // Its own mock: the appointment requests it leaves go with it.
    return await runConformance({
      paths: [],
      skipAreas: [],
      filter: r.filter,
      flags: r.flags,
      env,
      allowUnarchivable: true,
    });
  } finally {
    await standalone.stop();
  }
}
