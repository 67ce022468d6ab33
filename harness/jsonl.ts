import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every record of every `.jsonl` file in a directory: the per-worker files the main process merges.
 * A line cut short by a killed worker is skipped rather than failing the whole read.
 */
export function readJsonlDir<T>(dir: string): T[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return files.flatMap((f) => readJsonl<T>(join(dir, f)));
}

/** Every record of one `.jsonl` file; none when it is absent. A cut-off last line is skipped. */
export function readJsonl<T>(file: string): T[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as T];
      } catch {
        return [];
      }
    });
}
