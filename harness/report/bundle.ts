import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { RecordedExchange } from '../exchange-log.js';
import { redact } from '../redact.js';
import { bundledFiles, CERTIFICATION_JSON } from './artifacts.js';
import type { Certification } from './certification.js';
import { certificationHtml, evidenceKey } from './certification-html.js';
import { writeManifest } from './manifest.js';
import type { RunResults } from './results.js';

export interface BundleInput {
  certification: Certification;
  /** Results with their exchanges attached (the page's evidence). */
  results: RunResults;
  /**
   * Contents of the files the artifact registry marks `inBundle`, by name; absent when the run
   * did not produce one. certification.json is always written from `certification`.
   */
  copies: Partial<Record<string, string>>;
}

export function evidenceOf(results: RunResults, targetId = 'main'): Map<string, RecordedExchange[]> {
  const map = new Map<string, RecordedExchange[]>();
  for (const c of results.checks) if (c.target === targetId && c.exchanges?.length) map.set(evidenceKey(c), c.exchanges);
  return map;
}

/**
 * Writes the certification bundle: index.html, certification.json, the copied files and
 * MANIFEST.sha256. Built in a sibling temp directory and renamed into place, so a reader never
 * sees a half-written bundle and no file of an older run survives into the new one.
 */
export function writeBundle(target: string, input: BundleInput): string[] {
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const tmp = join(parent, `.${basename(target)}.tmp-${tag}`);
  mkdirSync(tmp);
  try {
    const unknown = Object.keys(input.copies).filter((f) => !bundledFiles().includes(f));
    if (unknown.length) throw new Error(`not bundled files (harness/report/artifacts.ts): ${unknown.join(', ')}`);
    const present = bundledFiles().filter((f) => f !== CERTIFICATION_JSON && input.copies[f] !== undefined);
    const linked = [CERTIFICATION_JSON, ...present, 'MANIFEST.sha256'];
    for (const f of present) writeFileSync(join(tmp, f), redact(input.copies[f]!));
    writeFileSync(join(tmp, CERTIFICATION_JSON), redact(JSON.stringify(input.certification, null, 2)));
    const html = certificationHtml({ certification: input.certification, evidence: evidenceOf(input.results), files: linked });
    writeFileSync(join(tmp, 'index.html'), redact(html));
    const files = writeManifest(tmp);
    const old = join(parent, `.${basename(target)}.old-${tag}`);
    if (existsSync(target)) renameSync(target, old);
    renameSync(tmp, target);
    rmSync(old, { recursive: true, force: true });
    return [...files, 'MANIFEST.sha256'];
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}
