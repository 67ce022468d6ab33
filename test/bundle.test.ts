import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseIds } from '../contract/clauses.js';
import type { JournalEvent, LedgerReport } from '../harness/core/events.js';
import { MANIFEST, verifyManifest } from '../harness/outputs/manifest.js';
import { renderOutputs } from '../harness/outputs/registry.js';
import { registerSecret } from '../harness/redact.js';
import { runCli, sampleCertification, sampleJournal, stderrLines } from './report-fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'cnf-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ledger = (note = ''): LedgerReport => ({
  runId: 'run-sample',
  marker: 'cnf-run-sample',
  mode: 'full',
  generatedAt: '2025-01-01T10:01:00.000Z',
  trigger: `end of run${note}`,
  summary: { created: 0, archivedByChecks: 0, archivedByCleanup: 0, leftovers: 0 },
  created: [],
  archivedByChecks: [],
  archivedByCleanup: [],
  leftovers: [],
});

/** A run's outputs rendered into a stage of its own, with a cleanup (so a ledger) unless told otherwise; the bundle in it. */
function freshBundle(name: string, o: { cleanup?: boolean; note?: string } = {}) {
  const base = sampleJournal();
  const events: JournalEvent[] =
    o.cleanup === false
      ? base
      : [
          ...base.slice(0, -1),
          { type: 'cleanup', at: base[0]!.at, runId: 'run-sample', ledger: ledger(o.note) },
          base.at(-1)!,
        ];
  const stage = join(root, name);
  renderOutputs(stage, sampleCertification(events), events);
  return join(stage, 'certification');
}

const BUNDLED = ['certification.json', 'junit.xml', 'exchanges.har', 'ledger.json', 'journal.jsonl', 'index.html'];

describe('certification bundle', () => {
  it('holds the page, the certification and the copies, all listed in the manifest', () => {
    const dir = freshBundle('complete');
    const pages = readdirSync(dir).filter((f) => f === 'coverage.html');
    expect(readdirSync(dir).sort()).toEqual([MANIFEST, ...BUNDLED, ...pages].sort());
    const listed = readFileSync(join(dir, MANIFEST), 'utf8').trim().split('\n');
    expect(listed.map((l) => l.split('  ')[1]).sort()).toEqual([...BUNDLED, ...pages].sort());
    expect(verifyManifest(dir)).toMatchObject({ ok: true, verified: BUNDLED.length + pages.length, problems: [] });
    const cert = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8'));
    expect(cert.clauses).toHaveLength(clauseIds.length);
    expect(cert.verdict).toBe('non-conformant');
  });

  it('detects a changed, a missing and an unlisted file', () => {
    const changed = freshBundle('changed');
    appendFileSync(join(changed, 'certification.json'), ' ');
    expect(verifyManifest(changed).problems).toEqual(['changed: certification.json']);

    const missing = freshBundle('missing');
    unlinkSync(join(missing, 'junit.xml'));
    expect(verifyManifest(missing).problems).toEqual(['missing: junit.xml']);

    const unlisted = freshBundle('unlisted');
    writeFileSync(join(unlisted, 'extra.txt'), 'added later');
    expect(verifyManifest(unlisted).problems).toEqual(['unlisted: extra.txt']);

    const edited = freshBundle('edited-manifest');
    writeFileSync(
      join(edited, MANIFEST),
      readFileSync(join(edited, MANIFEST), 'utf8').replace(/^[0-9a-f]{64}  index\.html\n/m, ''),
    );
    expect(verifyManifest(edited).problems).toEqual(['unlisted: index.html']);
  });

  it('is replaced whole when written again: no file of the older bundle survives', () => {
    const dir = freshBundle('rewrite');
    writeFileSync(join(dir, 'stale.txt'), 'from an older bundle');
    freshBundle('rewrite');
    expect(existsSync(join(dir, 'stale.txt'))).toBe(false);
    expect(verifyManifest(dir).ok).toBe(true);
  });

  it('masks registered secrets in every file it writes', () => {
    const secret = 'secret-token-for-bundle-test-123456';
    registerSecret(secret);
    const dir = freshBundle('secrets', { note: ` leaked ${secret} and Bearer ${secret}` });
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f), 'utf8'), f).not.toContain(secret);
    expect(verifyManifest(dir).ok).toBe(true);
  });

  it('is in sha256sum format', () => {
    const dir = freshBundle('sha256sum');
    const r = spawnSync('sha256sum', ['-c', MANIFEST], { cwd: dir, encoding: 'utf8' });
    if (r.error) return; // coreutils absent: the format is covered by verifyManifest above
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });
});

describe('npm run verify-bundle', () => {
  it('exits 0 on an intact bundle, 1 on a tampered one, 2 on a usage error', async () => {
    const intact = freshBundle('cli-intact');
    const tampered = freshBundle('cli-tampered');
    writeFileSync(join(tampered, 'index.html'), '<p>CONFORMANT</p>');
    const [ok, bad, usage, notBundle] = await Promise.all([
      runCli('verify', [intact]),
      runCli('verify', [tampered]),
      runCli('verify', []),
      runCli('verify', [root]),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/\d+ files match/);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/changed: index\.html/);
    expect(usage.code).toBe(2);
    expect(stderrLines(usage.stderr)).toHaveLength(1);
    expect(notBundle.code).toBe(2);
    expect(stderrLines(notBundle.stderr)[0]).toMatch(/no MANIFEST\.sha256/);
  });
});
