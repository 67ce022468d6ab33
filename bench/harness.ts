/**
 * `npm run bench`: how well the harness uses a live target's budget. Not a test.
 *   (a) mock with 50 ms latency, no rate limit: effective concurrency = requests × latency ÷ wall
 *       time, as a share of MAX_CONCURRENCY (target: at least 75%).
 *   (b) mock limited to 300 GETs and 100 writes a minute, harness set to the same: no 429, and a
 *       wall time within 15% of the lower bound the request counts impose.
 *   (c) requests per clause in the default profile (from run (a)).
 *   (l) the live defaults at the documented limits: mock limited to 150 GETs and 50 writes a
 *       minute, harness on its live defaults: the verdict, requests per clause, GETs, writes,
 *       429s, wall time against the lower bound, and checks left inconclusive by pacing.
 *   (m) the same at the floor the harness promises to conclude at, 30 GETs and 10 writes a
 *       minute (not run by default: it takes about ten minutes).
 *   (q) the production-like server (test/production: ids absent from write answers, lists lagging
 *       1–2 s, 202 inventory updates, a burst limit of 10 a second, thousands of records), the
 *       harness on its live defaults with no rate limit: verdict, failed and inconclusive strict
 *       clauses, 429s, and the records of the run still active, counted on the server's side.
 *   (r) the same at 150 GETs and 50 writes a minute on both sides: also requests per clause and
 *       the wall time against max(GETs ÷ 150, writes ÷ 50) minutes (target ≤ 1.10 ×, issues 25
 *       and 28): the traffic window against the bound of the checks' requests, the whole command
 *       against that and against the bound of all its requests (preflight and cleanup included),
 *       and where the time outside the traffic window went (start-up, tail).
 *   (s) the same as (r) in read-only mode (what a partner runs against production).
 *   (p) the pacing proxy alone, driven by more clients than MAX_CONCURRENCY with the same latency:
 *       what the pacing layer achieves without the suites' own CPU and start-up.
 * Each scenario runs `npm run conformance` in a child process against a standalone mock started
 * here, as a user would against a live target. Figures go to reports/bench/bench.{json,md}.
 *
 *   npm run bench [-- --scenario a --scenario b] [--max-concurrency 4] [--latency 50]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { staticToken } from '../harness/auth/session.js';
import { ApiClient } from '../harness/client.js';
import { startPacing, type PacingReport } from '../harness/pacing/index.js';
import type { CheckOutcome } from '../harness/core/events.js';
import type { Knobs } from '../mock/knobs.js';
import { startMock, type MockServer } from '../mock/server.js';
import { startProductionServer, type ProductionServer } from '../test/production/server.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', multiple: true },
    'max-concurrency': { type: 'string' },
    latency: { type: 'string' },
  },
});
const scenarios = new Set(args.scenario?.length ? args.scenario : ['p', 'a', 'b', 'l']);
const maxConcurrency = Number(args['max-concurrency'] ?? 4);
const latencyMs = Number(args.latency ?? 50);
const RATE = { get: 300, write: 100 };
/** Requests paced at a rate take (n - 1) intervals: the first goes at once (none: none). */
const gaps = (n: number) => Math.max(0, n - 1);

const outDir = resolve(root, 'reports/bench');

interface Figures {
  exitCode: number | null;
  /** The whole `npm run conformance`, start-up and reports included. */
  cliWallMs: number;
  /** Every request of the run, the preflight's and the cleanup's included (what the whole command has to send). */
  all: { gets: number; writes: number };
  /** Spawn to the first check's request: start-up, vitest, the preflight (its reads in `preflightMs`). */
  startupMs: number;
  preflightMs: number;
  /** The last check's answer to the exit: the cleanup (its span in `cleanupMs`), the outputs, the exit. */
  tailMs: number;
  cleanupMs: number;
  /** First request of a check to the last answer to a check, through the pacing proxy. */
  trafficMs: number;
  /** Requests of the checks (the end-of-run cleanup's are in pacing.requests only). */
  requests: number;
  gets: number;
  writes: number;
  /** 429 answers the mock gave (the harness's own limits should prevent every one). */
  answered429: number;
  pacing: PacingReport;
  results: { checks: (CheckOutcome & { clause: string })[] };
}

interface CliRun {
  code: number | null;
  ms: number;
  output: string;
  /** Epoch ms of the spawn, to place the run's exchanges in the command's time. */
  spawnedAt: number;
}

function runCli(env: Record<string, string>): Promise<CliRun> {
  const started = performance.now();
  const spawnedAt = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--', 'bin/partner-conformance.js', 'run'], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, ms: Math.round(performance.now() - started), output, spawnedAt }));
  });
}

function envFor(
  mock: Pick<MockServer, 'url' | 'tokens' | 'fixtures'>,
  reportsDir: string,
  limits: { get: number; write: number },
  live = false,
): Record<string, string> {
  return {
    BASE_URL: mock.url,
    ACCESS_TOKEN: mock.tokens.full,
    ACCESS_TOKEN_NO_PO: mock.tokens.noPo,
    ACCESS_TOKEN_EXPIRED: mock.tokens.expired,
    COMPANY_ID: mock.fixtures.companyId,
    OTHER_COMPANY_ID: mock.fixtures.otherCompanyId,
    LOCATION_ID: mock.fixtures.locationId,
    CUSTOMER_ID: mock.fixtures.customerId,
    PARTNER_ID: '',
    AUTH_KEY: '',
    CONFORMANCE_MODE: 'full',
    SEED: '20260101',
    // Live defaults (harness/config.ts) unless the scenario pins them.
    ...(live ? { NUM_RUNS: '', MAX_CONCURRENCY: '' } : { MAX_CONCURRENCY: String(maxConcurrency) }),
    RATE_LIMIT_GET_PER_MIN: String(limits.get),
    RATE_LIMIT_WRITE_PER_MIN: String(limits.write),
    REPORTS_DIR: reportsDir,
  };
}

/** One exchange as the run published it in exchanges.har (HAR 1.2 with the harness's _clause). */
interface HarExchange {
  startedDateTime: string;
  time: number;
  request: { method: string };
  _clause: string;
}

function publishedExchanges(dir: string): HarExchange[] {
  return (JSON.parse(readFileSync(join(dir, 'exchanges.har'), 'utf8')) as { log: { entries: HarExchange[] } }).log
    .entries;
}

const startOf = (e: HarExchange) => Date.parse(e.startedDateTime);
const endOf = (e: HarExchange) => Date.parse(e.startedDateTime) + Math.max(0, e.time);

/** First request to last answer (0 for none). */
function trafficWindow(exchanges: HarExchange[]): number {
  if (exchanges.length === 0) return 0;
  return Math.max(...exchanges.map(endOf)) - Math.min(...exchanges.map(startOf));
}

/**
 * The figures of a run, read from what it published (REPORTS_DIR), as a user would. The preflight
 * (before vitest starts) and the cleanup (after it closed) are counted apart: the traffic window
 * measures how well the checks overlap their requests.
 */
function publishedFigures(dir: string, run: CliRun, answered429: (p: PacingReport) => number): Figures {
  const published = publishedExchanges(dir);
  const exchanges = published.filter((e) => e._clause !== 'cleanup' && e._clause !== 'preflight');
  const preflight = published.filter((e) => e._clause === 'preflight');
  const cleanup = published.filter((e) => e._clause === 'cleanup');
  const firstCheck = Math.min(...exchanges.map(startOf));
  const lastCheck = Math.max(...exchanges.map(endOf));
  const pacing = JSON.parse(readFileSync(join(dir, 'pacing.json'), 'utf8')) as PacingReport;
  const results = {
    checks: JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as (CheckOutcome & { clause: string })[],
  };
  return {
    exitCode: run.code,
    cliWallMs: run.ms,
    all: {
      gets: published.filter((e) => e.request.method === 'GET').length,
      writes: published.filter((e) => e.request.method !== 'GET').length,
    },
    startupMs: firstCheck - run.spawnedAt,
    preflightMs: trafficWindow(preflight),
    tailMs: run.spawnedAt + run.ms - lastCheck,
    cleanupMs: trafficWindow(cleanup),
    trafficMs: trafficWindow(exchanges),
    requests: exchanges.length,
    gets: exchanges.filter((e) => e.request.method === 'GET').length,
    writes: exchanges.filter((e) => e.request.method !== 'GET').length,
    answered429: answered429(pacing),
    pacing,
    results,
  };
}

async function measure(
  name: string,
  knobs: Partial<Knobs>,
  limits: { get: number; write: number },
  live = false,
): Promise<Figures> {
  const dir = join(outDir, name);
  rmSync(dir, { recursive: true, force: true });
  const mock = await startMock({ knobs });
  try {
    process.stdout.write(`bench ${name}: full conformance run against the mock… `);
    const run = await runCli(envFor(mock, dir, limits, live));
    console.log(`exit ${run.code} in ${(run.ms / 1000).toFixed(1)} s`);
    if (run.code !== 0) console.log(run.output.split('\n').slice(-20).join('\n'));
    return publishedFigures(dir, run, () => mock.requestLog.filter((r) => r.status === 429).length);
  } finally {
    await mock.stop();
  }
}

interface ProductionFigures extends Figures {
  verdict: string;
  strictFailed: number;
  strictInconclusive: number;
  clauses: number;
  /** Records the run created that the server still shows active, appointment requests aside. */
  activeLeft: number;
  runMarker: string;
}

/** Scenarios (q), (r), (s): a conformance run against the production-like server. */
async function measureProduction(
  name: string,
  limits: { get: number; write: number },
  mode: 'full' | 'readonly',
): Promise<ProductionFigures> {
  const dir = join(outDir, name);
  rmSync(dir, { recursive: true, force: true });
  const server: ProductionServer = await startProductionServer({ perMinute: limits });
  try {
    process.stdout.write(`bench ${name}: full conformance run against the production-like server… `);
    const env = { ...envFor(server, dir, limits, true), CONFORMANCE_MODE: mode };
    const run = await runCli(env);
    console.log(`exit ${run.code} in ${(run.ms / 1000).toFixed(1)} s`);
    if (run.code !== 0) console.log(run.output.split('\n').slice(-30).join('\n'));
    const figures = publishedFigures(dir, run, (p) => p.rateLimitedAnswers);
    const cert = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as {
      verdict: string;
      clauses: { verdict: string; strictness: string }[];
    };
    const runId = (JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { runId: string }).runId;
    await server.settled();
    const marker = `cnf-${runId}`;
    // Vehicles, items and customers: appointment requests have no documented archive (§3).
    const active = await server.activeRecordsCarrying(marker);
    const strict = cert.clauses.filter((c) => c.strictness === 'strict');
    return {
      ...figures,
      verdict: cert.verdict,
      strictFailed: strict.filter((c) => c.verdict === 'failed').length,
      strictInconclusive: strict.filter((c) => c.verdict === 'inconclusive').length,
      clauses: cert.clauses.length,
      activeLeft: active.length,
      runMarker: marker,
    };
  } finally {
    await server.stop();
  }
}

/** Scenario (p): many clients through one proxy, every request a GET of one small page. */
async function proxyOnly(
  total = 600,
): Promise<{ requests: number; wallMs: number; effective: number; maxInFlight: number }> {
  const mock = await startMock({ knobs: { latencyMs } });
  const pacing = startPacing({
    getPerMin: 0,
    writePerMin: 0,
    maxConcurrency,
    requestTimeoutMs: 15_000,
    readonly: false,
  });
  try {
    const companyId = mock.fixtures.companyId;
    const target = await pacing.route({
      id: 'main',
      label: 'mock',
      kind: 'live',
      identity: mock.url,
      publicUrl: mock.url,
      token: staticToken(mock.tokens.full),
      companyId,
    });
    const clients = maxConcurrency * 2;
    const client = new ApiClient({
      baseUrl: target.baseUrl,
      token: target.token,
      timeoutMs: 60_000,
      connections: clients,
    });
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next++ < total) await client.get('/items', { companyId, size: 5, page: 1 });
      }),
    );
    const wallMs = performance.now() - started;
    return {
      requests: total,
      wallMs,
      effective: (total * latencyMs) / wallMs,
      maxInFlight: pacing.report().maxInFlight,
    };
  } finally {
    await pacing.close();
    await mock.stop();
  }
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The issues' bound for the whole command (25, 28): ≤ 1.10 × max(GETs ÷ rate, writes ÷ rate). */
const WHOLE_TARGET = 1.1;

/**
 * The whole command against the bound of the checks' requests (`checksBoundMs`) and against the
 * bound of every request it sent (the preflight's and the cleanup's are paced too, so they count),
 * and where its time outside the traffic window went.
 */
function wholeCommand(f: Figures, limits: { get: number; write: number }, checksBoundMs: number) {
  const allBoundMs = Math.max((gaps(f.all.gets) / limits.get) * 60_000, (gaps(f.all.writes) / limits.write) * 60_000);
  const figures = {
    allRequestsBoundMs: allBoundMs,
    wholeOverChecksBound: f.cliWallMs / checksBoundMs,
    wholeOverAllBound: f.cliWallMs / allBoundMs,
    startupMs: f.startupMs,
    preflightMs: f.preflightMs,
    tailMs: f.tailMs,
    cleanupMs: f.cleanupMs,
  };
  const lines = [
    `- whole command ${s(f.cliWallMs)}: **${figures.wholeOverChecksBound.toFixed(2)} ×** the bound above; **${figures.wholeOverAllBound.toFixed(2)} ×** the bound of all its requests, the preflight's and the cleanup's included (${f.all.gets} GETs, ${f.all.writes} writes: max(${gaps(f.all.gets)}/${limits.get}, ${gaps(f.all.writes)}/${limits.write}) min = ${s(allBoundMs)}); target ≤ ${WHOLE_TARGET.toFixed(2)} ×`,
    `- outside the traffic window: start-up ${s(f.startupMs)} (spawn to the first check's request; the preflight's reads took ${s(f.preflightMs)} of it), tail ${s(f.tailMs)} (the last check's answer to the exit; the cleanup's requests took ${s(f.cleanupMs)} of it)`,
  ];
  return { figures, lines };
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const report: Record<string, unknown> = { date: new Date().toISOString(), maxConcurrency, latencyMs };
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  report.machine = { cpus: cpus().length, loadAverage: load };
  const md: string[] = [
    '# Harness benchmark',
    '',
    `MAX_CONCURRENCY=${maxConcurrency}; one run per scenario on ${cpus().length} CPUs, load average ${load} at the start.`,
    '',
  ];

  if (scenarios.has('p')) {
    const p = await proxyOnly();
    report.p = { ...p, shareOfMax: p.effective / maxConcurrency };
    md.push(
      `## (p) the pacing proxy alone, ${latencyMs} ms latency, ${maxConcurrency * 2} clients`,
      '',
      `- ${p.requests} GETs in ${s(p.wallMs)}: effective concurrency **${p.effective.toFixed(2)}**, ${pct(p.effective / maxConcurrency)} of MAX_CONCURRENCY=${maxConcurrency}; most in flight: ${p.maxInFlight}`,
      '',
    );
  }

  let a: Figures | undefined;
  if (scenarios.has('a') || scenarios.has('c')) {
    a = await measure('a-latency', { latencyMs }, { get: 0, write: 0 });
    const effective = (a.requests * latencyMs) / a.trafficMs;
    report.a = { ...pick(a), effectiveConcurrency: effective, shareOfMax: effective / maxConcurrency };
    md.push(
      `## (a) ${latencyMs} ms latency, no rate limit`,
      '',
      `- ${a.requests} requests (${a.gets} GET, ${a.writes} writes), traffic window ${s(a.trafficMs)} (whole command ${s(a.cliWallMs)})`,
      `- effective concurrency = ${a.requests} × ${latencyMs} ms ÷ ${s(a.trafficMs)} = **${effective.toFixed(2)}**, ${pct(effective / maxConcurrency)} of MAX_CONCURRENCY=${maxConcurrency} (target ≥ 75%)`,
      `- most requests in flight at once: ${a.pacing.maxInFlight}`,
      '',
    );
  }
  if (scenarios.has('b')) {
    const b = await measure(
      'b-rate-limited',
      { latencyMs: 0, rateLimit: { getPerMin: RATE.get, writePerMin: RATE.write } },
      RATE,
    );
    // N evenly spaced requests need N-1 intervals of 60 s / rate.
    const bound = Math.max((gaps(b.gets) / RATE.get) * 60_000, (gaps(b.writes) / RATE.write) * 60_000);
    report.b = { ...pick(b), lowerBoundMs: bound, overBound: b.trafficMs / bound - 1 };
    md.push(
      `## (b) mock limited to ${RATE.get} GET and ${RATE.write} writes a minute, harness set the same`,
      '',
      `- ${b.requests} requests (${b.gets} GET, ${b.writes} writes); answered 429: **${b.answered429}**`,
      `- lower bound max(${gaps(b.gets)}/${RATE.get}, ${gaps(b.writes)}/${RATE.write}) min = ${s(bound)}; traffic window ${s(b.trafficMs)}: **${pct(b.trafficMs / bound - 1)} over** (target ≤ 15%); whole command ${s(b.cliWallMs)}`,
      '',
    );
  }
  for (const [key, limits] of [
    ['l', { get: 150, write: 50 }],
    ['m', { get: 30, write: 10 }],
  ] as const) {
    if (!scenarios.has(key)) continue;
    const l = await measure(
      `${key}-live-limits-${limits.get}-${limits.write}`,
      { latencyMs: 0, rateLimit: { getPerMin: limits.get, writePerMin: limits.write } },
      limits,
      true,
    );
    const cert = JSON.parse(
      readFileSync(join(outDir, `${key}-live-limits-${limits.get}-${limits.write}`, 'certification.json'), 'utf8'),
    ) as { verdict: string; clauses: { verdict: string; reason?: string }[] };
    const bound = Math.max((gaps(l.gets) / limits.get) * 60_000, (gaps(l.writes) / limits.write) * 60_000);
    const byPacing = l.results.checks.filter(
      (c) => c.verdict === 'inconclusive' && /pacing|no conclusion within|no answer/i.test(c.reason ?? ''),
    ).length;
    const clauses = cert.clauses.length;
    const all = l.pacing.requests;
    const whole = wholeCommand(l, limits, bound);
    report[key] = {
      ...pick(l),
      ...whole.figures,
      verdict: cert.verdict,
      clauses,
      requestsPerClause: all / clauses,
      lowerBoundMs: bound,
      overBound: l.trafficMs / bound - 1,
      inconclusiveByPacing: byPacing,
    };
    md.push(
      `## (${key}) live defaults at ${limits.get} GETs and ${limits.write} writes a minute, the mock enforcing the same`,
      '',
      `- verdict **${cert.verdict.toUpperCase()}** (exit ${l.exitCode}); checks left inconclusive by pacing: **${byPacing}**`,
      `- ${all} requests in all (preflight, checks, shared fixtures, cleanup): ${l.gets} GETs and ${l.writes} writes by the checks and fixtures; **${(all / clauses).toFixed(2)} requests per clause** over the ${clauses} clauses of the catalogue; answered 429: **${l.answered429}**`,
      `- lower bound of the checks' requests max(${gaps(l.gets)}/${limits.get}, ${gaps(l.writes)}/${limits.write}) min = ${s(bound)}; traffic window ${s(l.trafficMs)}: **${pct(l.trafficMs / bound - 1)} over** (target ≤ 15%)`,
      ...whole.lines,
      '',
    );
  }
  for (const [key, limits, mode] of [
    ['q', { get: 0, write: 0 }, 'full'],
    ['r', { get: 150, write: 50 }, 'full'],
    ['s', { get: 150, write: 50 }, 'readonly'],
  ] as const) {
    if (!scenarios.has(key)) continue;
    const f = await measureProduction(`${key}-production-${limits.get}-${limits.write}-${mode}`, limits, mode);
    const all = f.pacing.requests;
    const limited = limits.get > 0;
    const bound = limited
      ? Math.max((gaps(f.gets) / limits.get) * 60_000, (gaps(f.writes) / Math.max(1, limits.write)) * 60_000)
      : 0;
    const whole = limited ? wholeCommand(f, limits, bound) : undefined;
    report[key] = {
      ...pick(f),
      verdict: f.verdict,
      strictFailed: f.strictFailed,
      strictInconclusive: f.strictInconclusive,
      activeLeft: f.activeLeft,
      requestsPerClause: all / f.clauses,
      ...(limited ? { lowerBoundMs: bound, trafficOverBound: f.trafficMs / bound, ...whole!.figures } : {}),
    };
    md.push(
      `## (${key}) production-like server, ${limited ? `${limits.get} GETs and ${limits.write} writes a minute on both sides` : 'no rate limit (its burst limit of 10 a second still on)'}, ${mode}`,
      '',
      `- verdict **${f.verdict.toUpperCase()}** (exit ${f.exitCode}); strict clauses failed: **${f.strictFailed}**, inconclusive: **${f.strictInconclusive}**`,
      `- ${all} requests in all: **${(all / f.clauses).toFixed(2)} per clause** over ${f.clauses} clauses; ${f.gets} GETs and ${f.writes} writes by the checks and fixtures; answered 429: ${f.answered429}`,
      ...(limited
        ? [
            `- lower bound of the checks' requests max(${gaps(f.gets)}/${limits.get}, ${gaps(f.writes)}/${limits.write}) min = ${s(bound)}; traffic window ${s(f.trafficMs)} (**${(f.trafficMs / bound).toFixed(2)} ×**)`,
            ...whole!.lines,
          ]
        : [`- traffic window ${s(f.trafficMs)}; whole command ${s(f.cliWallMs)}`]),
      `- records of the run (${f.runMarker}) still active on the server after it, appointment requests aside: **${f.activeLeft}**`,
      '',
    );
  }
  if (a) {
    const perClause = new Map<string, number>();
    for (const c of a.results.checks) perClause.set(c.clause, (perClause.get(c.clause) ?? 0) + c.requests);
    const rows = [...perClause].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
    report.c = Object.fromEntries(rows);
    md.push(
      '## (c) requests per clause of run (a) (no rate limit: full property runs, NUM_RUNS=25)',
      '',
      `${rows.length} clauses, ${rows.reduce((n, r) => n + r[1], 0)} requests by checks (plus ${a.pacing.requests - a.requests} by the end-of-run cleanup).`,
      '',
      '| Clause | Requests |',
      '|---|---|',
      ...rows.map(([k, v]) => `| ${k} | ${v} |`),
      '',
    );
  }
  writeFileSync(join(outDir, 'bench.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(outDir, 'bench.md'), md.join('\n'));
  console.log(`\n${md.join('\n')}\nWritten: ${join(outDir, 'bench.md')}, ${join(outDir, 'bench.json')}`);
}

function pick(f: Figures) {
  const { results: _r, pacing, ...rest } = f;
  return { ...rest, retries: pacing.retries, maxInFlight: pacing.maxInFlight };
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
