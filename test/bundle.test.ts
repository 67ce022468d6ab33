import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseIds } from '../contract/clauses.js';
import { registerSecret } from '../harness/redact.js';
import { writeBundle } from '../harness/report/bundle.js';
import { buildCertification } from '../harness/report/certification.js';
import { MANIFEST, verifyManifest } from '../harness/report/manifest.js';
import { runCli, sampleRun, stderrLines } from './report-fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'cnf-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshBundle(name: string, copies: Parameters<typeof writeBundle>[1]['copies'] = { 'junit.xml': '<testsuites/>', 'ledger.json': '{"created":[]}' }) {
  const { summary, results } = sampleRun();
  const dir = join(root, name, 'certification');
  writeBundle(dir, { certification: buildCertification(summary, results), results, copies });
  return dir;
}

describe('certification bundle', () => {
  it('holds the page, the certification and the copies, all listed in the manifest', () => {
    const dir = freshBundle('complete');
    expect(readdirSync(dir).sort()).toEqual([MANIFEST, 'certification.json', 'index.html', 'junit.xml', 'ledger.json'].sort());
    const listed = readFileSync(join(dir, MANIFEST), 'utf8').trim().split('\n');
    expect(listed.map((l) => l.split('  ')[1]).sort()).toEqual(['certification.json', 'index.html', 'junit.xml', 'ledger.json']);
    expect(verifyManifest(dir)).toMatchObject({ ok: true, verified: 4, problems: [] });
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
    writeFileSync(join(edited, MANIFEST), readFileSync(join(edited, MANIFEST), 'utf8').replace(/^[0-9a-f]{64}  index\.html\n/m, ''));
    expect(verifyManifest(edited).problems).toEqual(['unlisted: index.html']);
  });

  it('is replaced whole when written again: no file of the older bundle survives', () => {
    const dir = freshBundle('rewrite');
    expect(existsSync(join(dir, 'ledger.json'))).toBe(true);
    const { summary, results } = sampleRun();
    writeBundle(dir, { certification: buildCertification(summary, results), results, copies: { 'junit.xml': '<testsuites/>' } });
    expect(existsSync(join(dir, 'ledger.json'))).toBe(false);
    expect(verifyManifest(dir).ok).toBe(true);
    // No temp or old directories are left beside it.
    expect(readdirSync(join(root, 'rewrite'))).toEqual(['certification']);
  });

  it('masks registered secrets in every file it writes', () => {
    const secret = 'secret-token-for-bundle-test-123456';
    registerSecret(secret);
    const dir = freshBundle('secrets', { 'ledger.json': JSON.stringify({ note: `leaked ${secret}` }), 'junit.xml': `<testsuites><!-- Bearer ${secret} --></testsuites>` });
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
      runCli('harness/cli/verify-bundle.ts', [intact]),
      runCli('harness/cli/verify-bundle.ts', [tampered]),
      runCli('harness/cli/verify-bundle.ts', []),
      runCli('harness/cli/verify-bundle.ts', [root]),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/4 files match/);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/changed: index\.html/);
    expect(usage.code).toBe(2);
    expect(stderrLines(usage.stderr)).toHaveLength(1);
    expect(notBundle.code).toBe(2);
    expect(stderrLines(notBundle.stderr)[0]).toMatch(/no MANIFEST\.sha256/);
  });
});
