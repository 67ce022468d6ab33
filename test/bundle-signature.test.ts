import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { harnessIdentity, harnessText } from '../harness/certify/certify.js';
import { verifyBundle } from '../harness/cli/verify-bundle.js';
import { PROJECT_ROOT } from '../harness/core/paths.js';
import type { JournalEvent } from '../harness/core/events.js';
import { MANIFEST, SIGNATURE, writeManifest } from '../harness/outputs/manifest.js';
import { renderOutputs } from '../harness/outputs/registry.js';
import { generateSigningKeys, loadPrivateKey } from '../harness/outputs/signature.js';
import { facts, runCli, sampleCertification, sampleJournal, stderrLines } from './report-fixtures.js';

/**
 * Issue 36 case 2: an authentic bundle. The certificate names the harness's version and commit; a
 * bundle signed with SIGN_KEY carries MANIFEST.sha256.sig over every file, and `verify --key` refuses
 * one byte changed in any file, the manifest regenerated or not, an unsigned bundle and another key.
 * Without a key, verify still refuses a certification.json its pages disagree with.
 */

const root = mkdtempSync(join(tmpdir(), 'cnf-signature-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const keys = generateSigningKeys();
const other = generateSigningKeys();
const write = (name: string, text: string, mode?: number) => {
  const f = join(root, name);
  writeFileSync(f, text, mode === undefined ? {} : { mode });
  return f;
};
const privateFile = write('sign.pem', keys.privatePem, 0o600);
const publicFile = write('sign.pub.pem', keys.publicPem);
const otherPublic = write('other.pub.pem', other.publicPem);

const harness = { name: 'partner-api-v2-conformance', version: '0.1.0', commit: 'a'.repeat(40) };
const events: JournalEvent[] = sampleJournal(facts({ harness }));

/** A run's outputs rendered into a stage of its own; its bundle, signed unless told otherwise. */
function bundle(name: string, signed = true): string {
  const stage = join(root, name);
  renderOutputs(stage, sampleCertification(events), events, signed ? { signKey: loadPrivateKey(privateFile) } : {});
  return join(stage, 'certification');
}

const pristine = bundle('pristine');
let copies = 0;
const copy = () => {
  const dir = join(root, `copy-${++copies}`);
  cpSync(pristine, dir, { recursive: true });
  return dir;
};

/** verifyBundle's exit code and what it printed. */
function verify(dir: string, key?: string): { code: number; out: string } {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((s: string) => void lines.push(s));
  const err = vi.spyOn(console, 'error').mockImplementation((s: string) => void lines.push(s));
  try {
    return { code: verifyBundle(dir, key ? { key } : {}), out: lines.join('\n') };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

const flipOneByte = (file: string) => {
  const buf = readFileSync(file);
  const i = Math.floor(buf.length / 2);
  buf[i] = buf[i]! ^ 0x01;
  writeFileSync(file, buf);
};

describe('a signed bundle', () => {
  const files = readdirSync(pristine).filter((f) => statSync(join(pristine, f)).isFile());

  it('carries its signature beside the manifest, names the key on its page, and verifies with that key', () => {
    expect(files).toContain(SIGNATURE);
    expect(files).toContain(MANIFEST);
    const sig = JSON.parse(readFileSync(join(pristine, SIGNATURE), 'utf8'));
    expect(sig).toMatchObject({ algorithm: 'Ed25519', covers: MANIFEST, publicKeyFingerprint: keys.fingerprint });
    expect(readFileSync(join(pristine, 'index.html'), 'utf8')).toContain(keys.fingerprint);
    const ok = verify(pristine, publicFile);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain(`signed by ${keys.fingerprint}`);
  });

  it('fails verify --key with one byte changed in any file, the manifest regenerated or not', () => {
    const signedFiles = files.filter((f) => f !== SIGNATURE);
    expect(signedFiles.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const plain = copy();
      flipOneByte(join(plain, f));
      const r = verify(plain, publicFile);
      expect(r.code, `${f} changed: ${r.out}`).toBe(1);
      if (f === MANIFEST || f === SIGNATURE) continue;
      // The tamperer regenerates the manifest: the hashes agree again, the signature does not.
      const regenerated = copy();
      flipOneByte(join(regenerated, f));
      writeManifest(regenerated);
      const s = verify(regenerated, publicFile);
      expect(s.code, `${f} changed, manifest regenerated: ${s.out}`).toBe(1);
      expect(s.out).toMatch(/bad signature/);
    }
  });

  it('fails verify --key when unsigned, or signed by another key; a bad key file is a usage error', () => {
    const unsigned = bundle('unsigned', false);
    expect(existsSync(join(unsigned, SIGNATURE))).toBe(false);
    const u = verify(unsigned, publicFile);
    expect(u.code).toBe(1);
    expect(u.out).toContain('not signed');
    expect(verify(unsigned).code).toBe(0);
    const o = verify(pristine, otherPublic);
    expect(o.code).toBe(1);
    expect(o.out).toContain(`signed by another key: ${keys.fingerprint}`);
    expect(() => verify(pristine, write('not-a-key.pem', 'hello'))).toThrow(/not a public key/);
  });
});

describe('verify without a key: the pages agree with certification.json', () => {
  it('agrees on a headline with quotes (a -t selection), escaped differently by the HTML and the XML', () => {
    const stage = join(root, 'quoted');
    const quoted = sampleJournal(facts({ harness, selection: { mode: 'full', pattern: '^(ITEM-PAGE|AUTH-EXPIRED)' } }));
    const cert = sampleCertification(quoted);
    expect(cert.headline).toContain("-t '^(ITEM-PAGE|AUTH-EXPIRED)'");
    renderOutputs(stage, cert, quoted);
    const r = verify(join(stage, 'certification'));
    expect(r.code, r.out).toBe(0);
  });

  it('refuses a certification.json edited to another target with its manifest regenerated (the issue case)', () => {
    const dir = bundle('edited-target', false);
    const file = join(dir, 'certification.json');
    const c = JSON.parse(readFileSync(file, 'utf8'));
    c.target.url = 'https://other.example.test/v2';
    writeFileSync(file, JSON.stringify(c, null, 2));
    writeManifest(dir);
    const r = verify(dir);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(
      'disagrees: index.html says the target https://partner.example.test/v2, certification.json https://other.example.test/v2',
    );
    expect(r.out).toContain('coverage.html');
  });

  it('refuses a headline or a clause verdict edited in certification.json alone', () => {
    const dir = bundle('edited-verdict', false);
    const file = join(dir, 'certification.json');
    const c = JSON.parse(readFileSync(file, 'utf8'));
    c.verdict = 'conformant';
    c.headline = 'CONFORMANT';
    c.clauses.find((x: { id: string }) => x.id === 'ITEM-PAGE-ONE-BASED').verdict = 'passed';
    writeFileSync(file, JSON.stringify(c, null, 2));
    writeManifest(dir);
    const r = verify(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('disagrees: index.html says the verdict non-conformant, certification.json conformant');
    expect(r.out).toContain("ITEM-PAGE-ONE-BASED's verdict failed");
    expect(r.out).toMatch(/junit\.xml says the headline NON-CONFORMANT/);
  });
});

describe('the harness named in the certificate', () => {
  it('installed from a tarball, names the commit npm pack stamped (bin/stamp-build.js), or none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'installed-'));
    try {
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ name: 'partner-api-v2-conformance', version: '0.1.0' }),
      );
      expect(harnessIdentity(dir)).toEqual({ name: 'partner-api-v2-conformance', version: '0.1.0', commit: null });
      execFileSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'stamp-build.js'), join(dir, 'build-info.json')]);
      const stampedHere = harnessIdentity(dir);
      const here = harnessIdentity();
      expect(stampedHere.commit).toBe(here.commit);
      expect(stampedHere.modified).toBe(here.modified);
      writeFileSync(join(dir, 'build-info.json'), '{"commit":"not a commit"}');
      expect(harnessIdentity(dir).commit).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records its version and git commit; outside a checkout it says the commit is unknown', () => {
    const h = harnessIdentity();
    expect(h.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(h.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(harnessText({ ...harness, commit: null })).toBe(
      'partner-api-v2-conformance 0.1.0, commit unknown (no .git and no build-info.json)',
    );
    expect(harnessText({ ...harness, modified: true })).toBe(
      `partner-api-v2-conformance 0.1.0, commit ${'a'.repeat(12)} (with local changes)`,
    );
    const cert = JSON.parse(readFileSync(join(pristine, 'certification.json'), 'utf8'));
    expect(cert.harness).toEqual(harness);
    expect(cert.spec).toHaveProperty('sha256');
    expect(cert.target).toMatchObject({ url: 'https://partner.example.test/v2', companyId: 'cmp_1' });
    expect(readFileSync(join(pristine, 'index.html'), 'utf8')).toContain(`commit ${'a'.repeat(12)}`);
  });
});

describe('run --sign-key (end to end on the embedded mock)', () => {
  it('signs the published bundle, which verifies with the public key; a key that cannot sign is exit 2 before any check', async () => {
    const reports = join(root, 'run-signed');
    const [run, bad] = await Promise.all([
      runCli('run', ['-t', '^ITEM-PAGE-ONE-BASED:', '--sign-key', privateFile], { REPORTS_DIR: reports }),
      runCli('run', ['-t', '^ITEM-PAGE-ONE-BASED:'], { REPORTS_DIR: join(root, 'run-bad'), SIGN_KEY: publicFile }),
    ]);
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
    const dir = [join(reports, 'partial', 'certification'), join(reports, 'certification')].find((d) => existsSync(d))!;
    expect(existsSync(join(dir, SIGNATURE))).toBe(true);
    const cert = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8'));
    expect(cert.harness.commit).toMatch(/^[0-9a-f]{40}$/);
    const ok = verify(dir, publicFile);
    expect(ok.code, ok.out).toBe(0);
    expect(bad.code).toBe(2);
    expect(stderrLines(bad.stderr)).toEqual([expect.stringMatching(/^Configuration error: .*not a private key/)]);
    expect(bad.stdout).not.toContain('Certifying');
  }, 240_000);
});

describe('keygen and verify --key on the command line', () => {
  it('makes a pair that signs and verifies; an existing file is kept unless --force', async () => {
    const prefix = join(root, 'cli-key');
    const made = await runCli('keygen', ['-o', prefix]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Fingerprint: SHA256:/);
    expect(statSync(`${prefix}.pem`).mode & 0o777).toBe(0o600);
    const again = await runCli('keygen', ['-o', prefix]);
    expect(again.code).toBe(2);
    expect(stderrLines(again.stderr)).toHaveLength(1);
    const stage = join(root, 'cli-signed');
    renderOutputs(stage, sampleCertification(events), events, { signKey: loadPrivateKey(`${prefix}.pem`) });
    const [good, bad] = await Promise.all([
      runCli('verify', [join(stage, 'certification'), '--key', `${prefix}.pub.pem`]),
      runCli('verify', [pristine, '--key', `${prefix}.pub.pem`]),
    ]);
    expect(good.code, good.stderr).toBe(0);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('signed by another key');
  }, 120_000);
});
