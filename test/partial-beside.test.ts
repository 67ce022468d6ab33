import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { runConformanceCli } from './support/run-cli.js';

/**
 * A partial run (-t, paths, a shard, an area left out) never replaces a full certification in
 * REPORTS_DIR unasked: it is published whole in REPORTS_DIR/partial/ beside it, and replaces it
 * only with --replace-full.
 */
const dir = mkdtempSync(join(tmpdir(), 'cnf-partial-beside-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a full run left in REPORTS_DIR, as far as a later run reads it. */
const full = JSON.stringify({
  verdict: 'conformant',
  headline: 'CONFORMANT',
  finishedAt: '2026-11-20T10:00:00.000Z',
  run: { runId: 'fullrun1' },
  scope: { complete: true, narrowed: false },
});

describe('a partial run beside a full certification', () => {
  it('goes to REPORTS_DIR/partial/ and leaves the full one; --replace-full replaces it', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'certification.json'), full);
    const env = { ENV_FILE: '/dev/null', REPORTS_DIR: dir };
    const beside = await runConformanceCli(env, ['-t', '^PLATFORM-JSON-ANSWERS'], { timeoutMs: 240_000 });
    expect(beside.code, beside.stdout.slice(-2000) + beside.stderr).toBe(0);
    expect(readFileSync(join(dir, 'certification.json'), 'utf8')).toBe(full);
    const partial = JSON.parse(readFileSync(join(dir, 'partial', 'certification.json'), 'utf8')) as Certification;
    expect(partial.scope.complete).toBe(false);
    expect(partial.scope.narrowed).toBe(true);
    expect(existsSync(join(dir, 'partial', 'certification', 'index.html'))).toBe(true);
    expect(beside.stdout).toMatch(/its outputs are in \S+partial, beside the complete certification of run fullrun1/);
    expect(beside.stdout).toContain(join(dir, 'partial', 'certification.md'));

    const replacing = await runConformanceCli(env, ['-t', '^PLATFORM-JSON-ANSWERS', '--replace-full'], {
      timeoutMs: 240_000,
    });
    expect(replacing.code, replacing.stdout.slice(-2000) + replacing.stderr).toBe(0);
    const now = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as Certification;
    expect(now.scope.complete).toBe(false);
    expect(replacing.stdout).toMatch(/replaced the complete certification of run fullrun1 .* as --replace-full asked/);
  }, 480_000);
});
