import { ApiClient } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { GuessRefusedError, InconclusiveError, SkipError } from '../../harness/core/errors.js';
import { defaultProfile } from '../../harness/core/profile.js';
import type { RunInfo } from '../../harness/core/run-info.js';
import { eventually } from '../../harness/eventually.js';
import type { MockServer } from '../../mock/server.js';

/**
 * A check's context without a run: a client straight to `baseUrl` (no pacing proxy, no journal),
 * shared values made once per context, observations kept for the test to read. For self-tests that
 * drive the judges of suites/common against a small server, a proxy or a standalone mock.
 */
export interface TestContext extends CheckContext {
  observations: { name: string; value: unknown }[];
  evidence: string[];
  /** Requests sent, by method and path with query. */
  sent: string[];
}

/** Who the context acts as: a token and the company, with the optional settings the checks read. */
export interface Who {
  token: string;
  companyId: string;
  otherCompanyId?: string;
  locationId?: string;
  customerId?: string;
}

/** Who a standalone mock's seeded data make of a run. */
export const mockWho = (mock: Pick<MockServer, 'tokens' | 'fixtures'>): Who => ({
  token: mock.tokens.full,
  companyId: mock.fixtures.companyId,
  otherCompanyId: mock.fixtures.otherCompanyId,
  locationId: mock.fixtures.locationId,
  customerId: mock.fixtures.customerId,
});

export function testContext(
  baseUrl: string,
  who: Who,
  o: { frugal?: boolean; seed?: number; startedAt?: string } = {},
): TestContext {
  const sent: string[] = [];
  const client = (token: string | null) =>
    new ApiClient({
      baseUrl,
      token,
      timeoutMs: 10_000,
      observers: [(ex) => void sent.push(`${ex.request.method} ${ex.request.url}`)],
    });
  const shared = new Map<string, Promise<unknown>>();
  const observations: { name: string; value: unknown }[] = [];
  const evidence: string[] = [];
  const run = {
    mode: 'full',
    seed: o.seed ?? 1,
    startedAt: o.startedAt ?? new Date().toISOString(),
    consistencyWindowMs: 2_000,
    frugal: o.frugal ?? false,
  } as unknown as RunInfo;
  // Asserted, not annotated: the context grows members (ctx.partial) that tests need not stub alike.
  const ctx = {
    api: client(who.token),
    as: client,
    target: { id: 'main', label: 'test', kind: 'live', baseUrl, publicUrl: baseUrl, identity: baseUrl, ...who },
    run,
    profile: defaultProfile,
    companyId: who.companyId,
    marker: `cnf-test-${Math.random().toString(36).slice(2, 8)}`,
    seed: run.seed,
    numRuns: 1,
    frugal: run.frugal,
    ledger: undefined as unknown as CheckContext['ledger'],
    observe: (name, value) => void observations.push({ name, value }),
    partial: (judged, left) => void observations.push({ name: 'partial', value: { judged, left } }),
    saw: (count, what) => void (count > 0 && evidence.push(`${count} ${what}`)),
    skip: (reason) => {
      throw new SkipError(reason);
    },
    inconclusive: (reason, why) => {
      throw new InconclusiveError(reason, why);
    },
    guessRefused: (key, reason) => {
      throw new GuessRefusedError(key, reason);
    },
    eventually: (_what, read, shows, w = {}) => eventually(read, shows, w.windowMs ?? run.consistencyWindowMs),
    need: (value, reason) => {
      if (value === undefined || value === null) throw new InconclusiveError(reason);
      return value as NonNullable<typeof value>;
    },
    shared: <T>(key: string, make: (c: CheckContext) => Promise<T>) => {
      if (!shared.has(key)) shared.set(key, make(ctx));
      return shared.get(key) as Promise<T>;
    },
    cite: async () => undefined,
    observations,
    evidence,
    sent,
  } as TestContext;
  return ctx;
}
