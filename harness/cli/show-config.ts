import { environment, loadSettings, settingRows, settingsCatalogue, type Settings } from '../config.js';
import { EXIT } from '../core/exit-codes.js';
import { redact } from '../redact.js';

/**
 * `partner-conformance config` (and `run --print-config`): every setting as a run would use it
 * and where it came from, read exactly as `run` reads them, so a mistake shows before a run.
 * Credentials appear only as set / not set.
 */

/** The rule, as README "Where settings come from" states it. */
export const PRECEDENCE = [
  'flags > environment > files you named (ENV_FILE, then CONFORMANCE_CONFIG or --config)',
  '> files found in the working directory (.env, then conformance.config.json) > defaults;',
  'an empty value is unset; once any source says readonly, only --mode full on the command line writes',
];

const plainDefault = (name: string) =>
  (settingsCatalogue.find((c) => c.name === name)?.default ?? '').replace(/`/g, '');

export function configText(s: Settings): string {
  const rows = settingRows(s);
  const width = Math.max(...rows.map((r) => r.name.length)) + 2;
  const valueWidth = Math.min(48, Math.max(...rows.map((r) => (r.value ?? 'unset').length)) + 2);
  const files = (['env file', 'config file'] as const).map((kind) => {
    const f = s.files.find((x) => x.kind === kind);
    const how = f ? (f.namedBy ? `named by ${f.namedBy}` : 'found in the working directory') : '';
    return `  ${kind.padEnd(12)} ${f ? `${f.file} (${how})` : 'none'}`;
  });
  return redact(
    [
      'Settings, first found wins:',
      ...PRECEDENCE.map((l) => `  ${l}`),
      '',
      ...files,
      '',
      ...rows.map((r) => {
        const origin = r.origin === 'default' ? `default (${plainDefault(r.name)})` : r.origin;
        return `  ${r.name.padEnd(width)}${(r.value ?? 'unset').padEnd(valueWidth)} ${origin}`;
      }),
      ...s.warnings.map((w) => `warning: ${w}`),
    ].join('\n'),
  );
}

export function configJson(s: Settings): string {
  return redact(JSON.stringify({ files: s.files, settings: settingRows(s), warnings: s.warnings }, null, 2));
}

export async function configCommand(o: { flags: Record<string, string>; json: boolean }): Promise<number> {
  const settings = loadSettings(environment(), { flags: o.flags });
  console.log(o.json ? configJson(settings) : configText(settings));
  return EXIT.ok;
}
