import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperatorKillsFile } from '../../contract/operator-kills.js';
import { PROJECT_ROOT } from '../core/paths.js';

/** The committed operator kill matrix (contract/operator-kills.ts), written by the self-check. */
export const OPERATOR_KILLS_FILE = join(PROJECT_ROOT, 'contract', 'operator-kills.json');

/** The committed kill matrix, or undefined when the file is absent (a copy of the harness without it). */
export function readOperatorKills(file = OPERATOR_KILLS_FILE): OperatorKillsFile | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OperatorKillsFile) : undefined;
}
