import { sep } from 'node:path';
import { PROJECT_ROOT } from './paths.js';

/**
 * How the user runs a command, as every output should print it: the npm scripts in a checkout,
 * the installed `partner-conformance` command when the harness is a dependency (its root is then
 * inside node_modules, where no npm script of ours can be run).
 */
const SCRIPTS = {
  run: 'conformance',
  rerun: 'rerun',
  config: 'config',
  mock: 'mock',
  report: 'report',
  verify: 'verify-bundle',
  keygen: 'keygen',
  merge: 'merge-reports',
  cleanup: 'cleanup',
  selfcheck: 'selfcheck',
  'spec-drift': 'spec-drift',
} as const;

export type CommandName = keyof typeof SCRIPTS;

export const installedAsPackage = (root = PROJECT_ROOT) => root.split(sep).includes('node_modules');

/** The command line a user types for `command` with `args`, e.g. `npm run cleanup -- <file>`. */
export function commandLine(command: CommandName, args = '', root = PROJECT_ROOT): string {
  if (installedAsPackage(root)) return `npx partner-conformance ${command}${args ? ` ${args}` : ''}`;
  return `npm run ${SCRIPTS[command]}${args ? ` -- ${args}` : ''}`;
}
