import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clausesToRerun, readCertification, recordedFlags, rerunPattern } from '../harness/cli/rerun.js';
import type { RecordedExchange } from '../harness/core/events.js';
import { replayLines, replayOfCheck, replaySequence, tokenLines } from '../harness/outputs/curl.js';
import { failureLines } from '../harness/outputs/failure-view.js';
import { fieldMismatch } from '../harness/checks/failures.js';
import { startMock, type MockServer } from '../mock/server.js';
import { check, exchange, journalOf, runCli } from './report-fixtures.js';
import { clauses } from '../contract/clauses.js';
import { certify } from '../harness/certify/certify.js';
import { certificationSchema } from '../harness/certify/schema.js';
import { evidenceCutLine } from '../harness/outputs/summary-lines.js';
import { endLines } from '../harness/outputs/end-lines.js';
import { certificationMarkdown } from '../harness/outputs/md.js';
import { mockEnv, runConformanceCli, type CliRun } from './support/run-cli.js';

/**
 * Issue 36 case 5: a failure replays as the whole sequence that produced it (the write that stored
 * the value, then the read that showed it), with the token loaded the way the run loaded it and
 * never the secret; `rerun <certification.json>` runs the failed and inconclusive clauses again.
 */
const live = (sources: Record<string, string>) => ({
  configSources: sources,
  target: { kind: 'live' as const, url: 'https://api.example.com/v2' },
});

const ex = (id: string, method: string, path: string, at: number, owner = 'ITEM-X'): RecordedExchange => ({
  id,
  owner,
  target: 'main',
  startedAt: new Date(Date.UTC(2026, 11, 2, 5, 0, at)).toISOString(),
  method,
  url: `https://api.example.com/v2${path}`,
  requestHeaders: { authorization: 'Bearer <redacted>', 'content-type': 'application/json' },
  ...(method === 'GET' ? {} : { requestBody: '{"companyId":"c1"}' }),
  status: 200,
});

describe('the token lines of a replay', () => {
  it('source the env file the run read, and rename a prefixed variable', () => {
    expect(tokenLines(live({ ACCESS_TOKEN: 'env file .env' }))).toContain('set -a; . ./.env; set +a');
    const prefixed = tokenLines(live({ ACCESS_TOKEN: 'env file staging.env, as PARTNER_CONFORMANCE_ACCESS_TOKEN' }));
    expect(prefixed.slice(1)).toEqual([
      'set -a; . ./staging.env; set +a',
      'ACCESS_TOKEN="$PARTNER_CONFORMANCE_ACCESS_TOKEN"',
    ]);
    expect(tokenLines(live({ ACCESS_TOKEN: 'env file /etc/my env' }))).toContain("set -a; . '/etc/my env'; set +a");
  });

  it('say how to export it when the run took it from the environment or a login, and never hold a value', () => {
    expect(tokenLines(live({ ACCESS_TOKEN: 'environment ACCESS_TOKEN' }))).toEqual([
      '# The run took ACCESS_TOKEN from the environment: export it the same way first.',
    ]);
    expect(tokenLines(live({ ACCESS_TOKEN: 'environment PARTNER_CONFORMANCE_ACCESS_TOKEN' })).at(-1)).toBe(
      'ACCESS_TOKEN="$PARTNER_CONFORMANCE_ACCESS_TOKEN"',
    );
    expect(tokenLines(live({ ACCESS_TOKEN: 'default', PARTNER_ID: 'env file .env' }))[0]).toMatch(/logged in/);
    expect(tokenLines({ target: { kind: 'embedded', url: 'http://127.0.0.1:1/v2' } })[0]).toMatch(/npm run mock/);
  });
});

describe('the sequence a failure replays', () => {
  const post = ex('p', 'POST', '/items', 1, 'shared:items');
  const other = ex('o', 'PATCH', '/vehicles', 2);
  const patch = ex('a', 'PATCH', '/items', 3);
  const read = ex('r', 'GET', '/items/itm_1', 4);
  const later = ex('l', 'PATCH', '/items', 5);

  it('is the writes to the same collection before the exchange, the fixtures’ too, then the exchange', () => {
    const { writes } = replaySequence(read, [later, read, patch, other, post], 'https://api.example.com/v2');
    expect(writes.map((w) => w.id)).toEqual(['p', 'a']);
  });

  it('as the console builds it while the run goes: the check’s own, its cited and its fixtures’, on its target only', () => {
    const elsewhere = { ...ex('e', 'PATCH', '/items', 2), target: 'fault x' };
    const all = [post, elsewhere, patch, read, ex('n', 'POST', '/items', 3, 'shared:unused')];
    const lines = replayOfCheck(
      { key: 'ITEM-X', cited: [], shared: ['items'] },
      'r',
      (id) => all.find((x) => x.id === id),
      all,
      live({}),
    );
    expect(lines!.filter((l) => l.startsWith('# ') && /^# \d/.test(l)).map((l) => l.split(' ')[2])).toEqual([
      'POST',
      'PATCH',
      'GET',
    ]);
  });

  it('renders as token lines, then one commented curl line per step with $ACCESS_TOKEN', () => {
    const lines = replayLines(read, [post, patch, read], live({ ACCESS_TOKEN: 'env file .env' }));
    expect(lines[1]).toBe('set -a; . ./.env; set +a');
    const curls = lines.filter((l) => l.startsWith('curl '));
    expect(curls.map((l) => l.split(' ')[3])).toEqual(['POST', 'PATCH', 'GET']);
    for (const c of curls) expect(c).toContain('"Authorization: Bearer $ACCESS_TOKEN"');
    expect(lines.find((l) => l.startsWith('# 3/3'))).toMatch(/GET \/v2\/items\/itm_1 → 200: the exchange the failure/);
  });
});

describe('a failure whose exchange was cut at HAR_BODY_LIMIT', () => {
  it('says so beside its request line, and shows the replay in place of the single curl line', () => {
    const read = { ...ex('r', 'GET', '/items/itm_1', 4), truncated: { response: 34_337 } };
    const f = fieldMismatch('item itm_1', 'status', 'Inactive', 'Active', { status: 200, exchangeId: 'r' } as never);
    const lines = failureLines(f, read, { replay: ['# token', 'curl -sS -X GET x'] });
    expect(lines).toContain(
      'evidence cut: exchanges.har leaves out 34337 bytes of the answer (over HAR_BODY_LIMIT; raise it to keep them)',
    );
    expect(lines.at(-1)).toBe('curl: # token\ncurl -sS -X GET x');
    expect(failureLines(f, ex('r', 'GET', '/items/itm_1', 4)).some((l) => l.startsWith('evidence cut'))).toBe(false);
  });

  it('is named in certification.json and in the end lines, the md and the page; a whole body is not', () => {
    const cutRead = exchange('ITEM-PAGE-ONE-BASED', { id: 'ex-cut', truncated: { response: 34_337 } });
    const wholeRead = exchange('ITEM-GET-BY-ID', { id: 'ex-whole' });
    const failing = (clause: string, id: string) =>
      check({
        clause,
        verdict: 'failed',
        failures: [{ kind: 'field-mismatch', field: 'number', message: 'm', expected: 1, actual: 0, exchange: id }],
      });
    const cert = certify(
      journalOf(
        [failing('ITEM-PAGE-ONE-BASED', 'ex-cut'), failing('ITEM-GET-BY-ID', 'ex-whole')],
        [cutRead, wholeRead],
      ),
      clauses,
    );
    expect(cert.evidenceCut).toEqual([
      { clause: 'ITEM-PAGE-ONE-BASED', check: 'ITEM-PAGE-ONE-BASED', exchange: 'ex-cut', responseBytesCut: 34_337 },
    ]);
    expect(certificationSchema.safeParse(JSON.parse(JSON.stringify(cert))).success).toBe(true);
    const line = evidenceCutLine(cert)!;
    expect(line).toMatch(/^Evidence cut: 1 failure\(s\) .*ITEM-PAGE-ONE-BASED \(34337 bytes of the answer\)/);
    expect(line).not.toContain('ITEM-GET-BY-ID');
    expect(endLines(cert, [], '/tmp/reports').join('\n')).toContain(line);
    expect(certificationMarkdown({ certification: cert, exchange: () => undefined })).toContain(`- ${line}`);
    const whole = certify(journalOf([failing('ITEM-GET-BY-ID', 'ex-whole')], [wholeRead]), clauses);
    expect(whole.evidenceCut).toBeUndefined();
    expect(evidenceCutLine(whole)).toBeUndefined();
  });
});

describe('rerun: what it reads from a certificate', () => {
  const cert = {
    schemaVersion: 3,
    seed: 77,
    numRuns: 2,
    mode: 'full',
    target: { kind: 'live', url: 'https://api.example.com/v2', companyId: 'c1', customerId: 'cu1' },
    budget: { limits: { getPerMin: 150, writePerMin: 50 } },
    clauses: [
      { id: 'ITEM-GET-BY-ID', verdict: 'failed' },
      { id: 'ITEM-GET', verdict: 'inconclusive' },
      { id: 'ITEM-LIST', verdict: 'passed' },
    ],
  } as const;

  it('takes the failed and inconclusive clauses, every check of each and nothing that only shares a prefix', () => {
    const ids = clausesToRerun(cert as never);
    expect(ids).toEqual(['ITEM-GET-BY-ID', 'ITEM-GET']);
    const re = new RegExp(rerunPattern(ids));
    expect(re.test('ITEM-GET-BY-ID: GET /items/{id} MUST …')).toBe(true);
    expect(re.test('ITEM-GET [items, filtered]: GET /items MUST …')).toBe(true);
    expect(re.test('ITEM-GET-BY-IDS: …')).toBe(false);
    expect(re.test('ITEM-LIST: …')).toBe(false);
  });

  it("runs with the run's seed, target, records and limits; a full run's mode is left to the user's settings", () => {
    expect(recordedFlags(cert as never)).toEqual({
      SEED: '77',
      NUM_RUNS: '2',
      BASE_URL: 'https://api.example.com/v2',
      COMPANY_ID: 'c1',
      CUSTOMER_ID: 'cu1',
      RATE_LIMIT_GET_PER_MIN: '150',
      RATE_LIMIT_WRITE_PER_MIN: '50',
    });
    expect(recordedFlags({ ...cert, mode: 'readonly' } as never).CONFORMANCE_MODE).toBe('readonly');
  });

  it('refuses a file that is not a certification', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cnf-rerun-unit-'));
    try {
      writeFileSync(join(dir, 'x.json'), JSON.stringify({ runId: 'r', entries: [] }));
      expect(() => readCertification(join(dir, 'x.json'))).toThrow(/is not a certification/);
      expect(() => readCertification(join(dir, 'none.json'))).toThrow(/cannot read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a faulted run, its replay and its rerun (items-archive-toggles)', () => {
  const root = mkdtempSync(join(tmpdir(), 'cnf-replay-'));
  const envFile = join(root, 'partner.env');
  let mock: MockServer;
  let run: CliRun;
  let env: Record<string, string>;
  const certFile = join(root, 'first', 'certification.json');

  beforeAll(async () => {
    mock = await startMock({ faults: ['items-archive-toggles'] });
    const { ACCESS_TOKEN, ...rest } = mockEnv(mock);
    // The token only in an env file, as a partner keeps it: the replay must load it the same way.
    writeFileSync(envFile, `ACCESS_TOKEN=${ACCESS_TOKEN}\n`);
    env = { ...rest, ENV_FILE: envFile };
    run = await runConformanceCli({ ...env, REPORTS_DIR: join(root, 'first'), SEED: '4242' }, [
      '-t',
      '^ITEM-ARCHIVE-FROM-ANY-STATE:',
      '--replace-full',
    ]);
  }, 300_000);
  afterAll(async () => {
    await mock?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('fails the clause, and certification.md replays the write that stored the state before the read', () => {
    expect(run.code, run.stderr).toBe(1);
    const md = readFileSync(join(root, 'first', 'certification.md'), 'utf8');
    const block = md.slice(md.indexOf('## Failed clauses'));
    const replay = block.slice(block.indexOf('```sh'), block.indexOf('```', block.indexOf('```sh') + 5));
    expect(replay).toContain(`set -a; . ${envFile}; set +a`);
    const curls = replay.split('\n').filter((l) => l.trim().startsWith('curl '));
    expect(curls.length).toBeGreaterThanOrEqual(2);
    expect(curls.some((l) => /-X PATCH '[^']*\/items/.test(l))).toBe(true);
    expect(curls.at(-1)).toMatch(/-X GET /);
    expect(md).not.toContain(mock.tokens.full);
    // The console prints the same replay under the failure as the run goes.
    const printed = run.stdout.slice(run.stdout.indexOf('✗ [items] ITEM-ARCHIVE-FROM-ANY-STATE'));
    expect(printed).toContain(`set -a; . ${envFile}; set +a`);
    expect(printed).toMatch(/curl -sS -X PATCH[\s\S]*curl -sS -X GET/);
  });

  it('rerun runs that clause again with the seed, against the recorded target, and fails it again', async () => {
    const again = await runCli('rerun', [certFile, '--replace-full'], {
      ENV_FILE: envFile,
      REPORTS_DIR: join(root, 'again'),
    });
    expect(again.code, again.stderr).toBe(1);
    expect(again.stdout).toContain('Rerunning 1 clause');
    const cert = JSON.parse(readFileSync(join(root, 'again', 'certification.json'), 'utf8')) as {
      seed: number;
      target: { url: string };
      clauses: { id: string; verdict: string }[];
    };
    expect(cert.seed).toBe(4242);
    expect(cert.target.url).toBe(mock.url);
    expect(cert.clauses.filter((c) => c.verdict === 'failed').map((c) => c.id)).toEqual([
      'ITEM-ARCHIVE-FROM-ANY-STATE',
    ]);
  }, 300_000);

  it('rerun is exit 2 for a file that is not a certification, or one with nothing to rerun', async () => {
    const notCert = await runCli('rerun', [join(root, 'first', 'run.json')], { ENV_FILE: envFile });
    expect(existsSync(join(root, 'first', 'run.json'))).toBe(true);
    expect(notCert.code).toBe(2);
    expect(notCert.stderr).toMatch(/not a certification/);
    const clean = JSON.parse(readFileSync(certFile, 'utf8')) as { clauses: { verdict: string }[] };
    for (const c of clean.clauses) if (c.verdict === 'failed' || c.verdict === 'inconclusive') c.verdict = 'passed';
    writeFileSync(join(root, 'clean.json'), JSON.stringify(clean));
    const nothing = await runCli('rerun', [join(root, 'clean.json')], { ENV_FILE: envFile });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/nothing to rerun/);
  }, 120_000);
});
