import { describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import { gateExitCode } from '../harness/certify/baseline.js';
import { certify } from '../harness/certify/certify.js';
import type { CheckOutcome } from '../harness/core/events.js';
import type { TargetInfo } from '../harness/core/run-info.js';
import { endLines } from '../harness/outputs/end-lines.js';
import { junitXml } from '../harness/outputs/junit.js';
import { certificationMarkdown } from '../harness/outputs/md.js';
import { outputContext } from '../harness/outputs/output.js';
import { certificationHtml } from '../harness/outputs/page.js';
import { writeAllureResults } from '../harness/outputs/allure.js';
import { narrowingWarnings, INNER_SETTINGS } from '../harness/run/narrowing.js';
import { readBudgets } from '../harness/run/plan.js';
import { check, facts, journalOf } from './report-fixtures.js';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Issue 36 case 1: CONFORMANT alone means every strict clause was judged in full. A strict clause
 * skipped for a missing setting, or passed on part of its cases, is named in the headline (with
 * what to set) and in its own row, the same text in every output, and the exit code stays 0.
 */

const passed = (clause: CheckOutcome['clause'], o: Partial<CheckOutcome> = {}) =>
  check({ clause, verdict: 'passed', ...o });

const expiredSkipped = check({
  clause: 'AUTH-EXPIRED-TOKEN-REJECTED',
  verdict: 'skipped',
  reason: 'not testable here: ACCESS_TOKEN_EXPIRED is not set',
  cause: {
    kind: 'missing-setting',
    setting: 'ACCESS_TOKEN_EXPIRED',
    message: 'not testable here: ACCESS_TOKEN_EXPIRED is not set',
  },
});

const unproven =
  'OTHER_COMPANY_ID cmp_2 shows no record at all (items, vehicles, customers): it cannot be shown to exist, so isolation from it is not judged';
const tenancySkipped = (clause: CheckOutcome['clause'], variant: string) =>
  check({
    clause,
    variant,
    verdict: 'skipped',
    reason: unproven,
    cause: { kind: 'missing-setting', setting: 'OTHER_COMPANY_ID', message: unproven },
  });

const certOf = (checks: CheckOutcome[], config: Record<string, string | null> = {}) =>
  certify(journalOf(checks, [], facts({ config: { ...facts().config, ...config } })), clauses);

describe('the headline names what a CONFORMANT run did not judge in full', () => {
  it('is bare CONFORMANT when every strict clause that ran was judged in full', () => {
    const c = certOf([passed('ITEM-PAGE-ONE-BASED')]);
    expect(c.headline).toBe('CONFORMANT');
    expect(c.scope.notExercised).toEqual([]);
    expect(c.scope.partial).toEqual([]);
  });

  it('names a strict clause skipped for a missing setting, and the setting, with exit 0', () => {
    const c = certOf([passed('ITEM-PAGE-ONE-BASED'), expiredSkipped], { ACCESS_TOKEN_EXPIRED: 'not set' });
    expect(c.verdict).toBe('conformant');
    expect(c.headline).toBe(
      'CONFORMANT (1 strict clause not exercised: set ACCESS_TOKEN_EXPIRED for AUTH-EXPIRED-TOKEN-REJECTED)',
    );
    expect(c.scope.notExercised).toEqual([
      { clause: 'AUTH-EXPIRED-TOKEN-REJECTED', why: expiredSkipped.reason, setting: 'ACCESS_TOKEN_EXPIRED' },
    ]);
    expect(gateExitCode(c, 'any')).toBe(0);
  });

  it('names the tenancy clauses skipped for an OTHER_COMPANY_ID that shows no record, and what was wrong with it', () => {
    const c = certOf(
      [
        passed('ITEM-PAGE-ONE-BASED'),
        tenancySkipped('TENANT-LIST-ISOLATION', 'vehicles'),
        tenancySkipped('TENANT-LIST-ISOLATION', 'items'),
        tenancySkipped('TENANT-GET-ISOLATION', 'vehicles'),
      ],
      { OTHER_COMPANY_ID: 'cmp_2' },
    );
    expect(c.headline).toBe(
      'CONFORMANT (2 strict clauses not exercised: OTHER_COMPANY_ID cmp_2 shows no record at all (items, vehicles, customers): set another OTHER_COMPANY_ID for TENANT-LIST-ISOLATION, TENANT-GET-ISOLATION)',
    );
  });

  it('marks a clause judged on part of its cases in its own row, typed, not as an observation', () => {
    const c = certOf([
      passed('AUTH-TOKEN-REQUIRED', {
        partial: [{ judged: '5 of 22 endpoints probed', left: 'the others went to other kinds of credential' }],
      }),
      passed('INVENTORY-UPDATE-VISIBLE', {
        partial: [
          {
            judged: 'one location per item',
            left: 'one item at two locations not exercised',
            setting: 'SECOND_LOCATION_ID',
          },
        ],
      }),
      // A clause with two variants, one skipped for a missing setting while the other passed.
      passed('TENANT-LIST-ISOLATION', { variant: 'items' }),
      tenancySkipped('TENANT-LIST-ISOLATION', 'vehicles'),
    ]);
    expect(c.verdict).toBe('conformant');
    const row = (id: string) => c.clauses.find((x) => x.id === id)!;
    expect(row('AUTH-TOKEN-REQUIRED').partial).toEqual([
      { judged: '5 of 22 endpoints probed', left: 'the others went to other kinds of credential' },
    ]);
    expect(row('TENANT-LIST-ISOLATION').partial).toEqual([
      {
        judged: '1 of 2 checks',
        left: `TENANT-LIST-ISOLATION [vehicles] skipped: ${unproven}`,
        setting: 'OTHER_COMPANY_ID',
      },
    ]);
    expect(c.observations).toEqual([]);
    expect(c.headline).toMatch(/^CONFORMANT \(3 strict clauses judged in part: /);
    expect(c.headline).toContain('see their rows for AUTH-TOKEN-REQUIRED');
    expect(c.headline).toContain('set SECOND_LOCATION_ID for INVENTORY-UPDATE-VISIBLE');
  });

  it('does not count a variant skipped by design (it judges existing data when the run writes) as a part left', () => {
    const c = certOf([
      passed('APPT-LEGACY-ALIAS'),
      check({
        clause: 'APPT-LEGACY-ALIAS',
        variant: 'existing requests',
        verdict: 'skipped',
        reason: 'a run that writes judges this clause on the requests it creates',
      }),
    ]);
    expect(c.clauses.find((x) => x.id === 'APPT-LEGACY-ALIAS')!.partial).toBeUndefined();
    expect(c.headline).toBe('CONFORMANT');
  });

  it('says the same headline and the partial rows in every output', async () => {
    const c = certOf([
      passed('ITEM-PAGE-ONE-BASED'),
      expiredSkipped,
      passed('INVENTORY-UPDATE-VISIBLE', {
        partial: [
          { judged: 'one location per item', left: 'no two entries share an item', setting: 'SECOND_LOCATION_ID' },
        ],
      }),
    ]);
    const events = journalOf([], [], facts());
    const ctx = outputContext(c, events);
    const md = certificationMarkdown(ctx);
    const html = certificationHtml({ ctx, files: [] });
    const junit = junitXml(ctx);
    const console = endLines(c, [], '/tmp/x').join('\n');
    const esc = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    expect(md.split('\n')[0]).toBe(`# Partner API v2 conformance: ${c.headline}`);
    expect(console).toContain(`Verdict: ${c.headline}`);
    expect(junit).toContain(`name="Partner API v2 conformance: ${esc(c.headline)}"`);
    expect(html).toContain(esc(c.scope.note!));
    const dir = mkdtempSync(join(tmpdir(), 'cnf-headline-'));
    try {
      writeAllureResults(dir, ctx);
      const names = readdirSync(dir)
        .filter((f) => f.endsWith('-result.json'))
        .map((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { name: string }).name);
      expect(names).toContain(`Certification verdict: ${c.headline}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The partial row: md, the page, JUnit.
    expect(md).toMatch(
      /\| INVENTORY-UPDATE-VISIBLE \|.*judged in part: one location per item; no two entries share an item \(set SECOND_LOCATION_ID for the rest\)/,
    );
    expect(html).toContain('judged in part: one location per item');
    expect(junit).toContain('judged in part: one location per item');
  });
});

describe('the console warns first of every optional setting whose absence narrows a strict clause', () => {
  const target = (o: Partial<TargetInfo> = {}): TargetInfo => ({
    id: 'main',
    label: 'live',
    kind: 'live',
    baseUrl: 'http://127.0.0.1:1',
    publicUrl: 'https://partner.example.test/v2',
    identity: 'https://partner.example.test/v2',
    token: 't',
    companyId: 'cmp_1',
    locationId: 'loc_1',
    customerId: 'cus_1',
    ...o,
  });
  const budgets = readBudgets();
  const keys = budgets.entries.filter((e) => !e.key.startsWith('shared:')).map((e) => e.key);

  it('names ACCESS_TOKEN_EXPIRED, ACCESS_TOKEN_NO_PO, OTHER_COMPANY_ID and SECOND_LOCATION_ID when absent', () => {
    const lines = narrowingWarnings(target(), keys, budgets, 'full');
    const of = (s: string) => lines.find((l) => l.startsWith(`${s} is not set`));
    expect(of('ACCESS_TOKEN_EXPIRED')).toContain('1 strict clause will not be exercised (AUTH-EXPIRED-TOKEN-REJECTED)');
    expect(of('SECOND_LOCATION_ID')).toContain('will be judged in part (INVENTORY-UPDATE-VISIBLE)');
    expect(of('OTHER_COMPANY_ID')).toContain('TENANT-');
    expect(of('ACCESS_TOKEN_NO_PO')).toBeDefined();
    expect(of('LOCATION_ID')).toBeUndefined();
  });

  it('says nothing when every optional setting is given, or the selection holds none of their clauses', () => {
    const all = target({ expiredToken: 'e', secondLocationId: 'loc_2', otherCompanyId: 'cmp_2', tokenNoPo: 'n' });
    expect(narrowingWarnings(all, keys, budgets, 'full')).toEqual([]);
    expect(narrowingWarnings(target(), ['ITEM-PAGE-ONE-BASED'], budgets, 'full')).toEqual([]);
  });

  it('lists only settings its checks really read (each named in its suite file)', () => {
    const files: Record<string, string> = {
      ACCESS_TOKEN_EXPIRED: 'suites/auth/credentials.ts',
      SECOND_LOCATION_ID: 'suites/inventory-levels/update-visible-on-next-read.check.ts',
    };
    for (const s of INNER_SETTINGS) {
      expect(clauses[s.clause], s.clause).toBeDefined();
      expect(readFileSync(files[s.setting]!, 'utf8')).toContain(`'${s.setting}'`);
    }
  });
});
