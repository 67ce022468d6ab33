import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stageAllureAttachments, writeAllureResults } from '../harness/outputs/allure.js';
import { outputContext } from '../harness/outputs/output.js';
import { sampleCertification, sampleJournal } from './report-fixtures.js';

/**
 * allure-results' attachments are named by their content (an exchange cited by many checks is one
 * file), and `npm run conformance` writes them ahead, while the cleanup waits on its paced requests
 * (harness/run/conclude.ts stageAhead): the rendering then writes only the rest, and the set it
 * leaves is the same as a rendering from nothing.
 */
const work = mkdtempSync(join(tmpdir(), 'cnf-allure-att-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const events = sampleJournal();
const certification = sampleCertification(events);
const attachmentsIn = (dir: string) => readdirSync(dir).filter((f) => /-attachment\.(json|txt)$/.test(f));

/** Every attachment source the result files refer to. */
function referenced(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (x: { attachments?: { source: string }[]; steps?: unknown[] }) => {
    for (const a of x.attachments ?? []) out.add(a.source);
    for (const s of x.steps ?? []) walk(s as typeof x);
  };
  for (const f of readdirSync(dir).filter((f) => f.endsWith('-result.json')))
    walk(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Parameters<typeof walk>[0]);
  return out;
}

describe('Allure attachments', () => {
  it('are one file per content, each referenced, every reference found', () => {
    const dir = join(work, 'cold');
    writeAllureResults(dir, outputContext(certification, events));
    const files = attachmentsIn(dir);
    expect(files.length).toBeGreaterThan(0);
    expect([...referenced(dir)].sort()).toEqual(files.sort());
  });

  it('written ahead, leave the same set as a rendering from nothing, and the rendering writes none of them again', async () => {
    const cold = join(work, 'cold-2');
    writeAllureResults(cold, outputContext(certification, events));
    const dir = join(work, 'ahead');
    await stageAllureAttachments(dir, certification, events);
    const ahead = attachmentsIn(dir);
    expect(ahead.length).toBeGreaterThan(0);
    // Marked: a file the rendering wrote again would lose the mark.
    for (const f of ahead) writeFileSync(join(dir, f), `${readFileSync(join(dir, f), 'utf8')}\u0000mark`);
    writeAllureResults(dir, outputContext(certification, events));
    expect(attachmentsIn(dir).sort()).toEqual(attachmentsIn(cold).sort());
    for (const f of ahead) expect(readFileSync(join(dir, f), 'utf8').endsWith('\u0000mark'), f).toBe(true);
  });

  it('written ahead but referred to by no result, are removed by the rendering', () => {
    const dir = join(work, 'stray');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '0123456789abcdef0123456789abcdef-attachment.txt'), 'an exchange the run did not cite');
    writeAllureResults(dir, outputContext(certification, events));
    expect(attachmentsIn(dir)).not.toContain('0123456789abcdef0123456789abcdef-attachment.txt');
    expect([...referenced(dir)].sort()).toEqual(attachmentsIn(dir).sort());
  });
});
