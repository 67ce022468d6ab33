import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../core/errors.js';
import {
  clauseVerdicts,
  type BaselineDiff,
  type Certification,
  type ClauseChange,
  type ClauseVerdict,
} from './types.js';

export type { BaselineDiff, ClauseChange } from './types.js';
import { EXIT } from '../core/exit-codes.js';

/** What makes the run exit 1: any failing clause, or only a clause that fails now and did not in the baseline. */
export const failOnValues = ['any', 'regression'] as const;
export type FailOn = (typeof failOnValues)[number];

const verdicts = clauseVerdicts as readonly ClauseVerdict[] as [ClauseVerdict, ...ClauseVerdict[]];

/** Only the fields the comparison needs; anything else in the file is ignored. */
const baselineSchema = z.object({
  verdict: z.string(),
  finishedAt: z.string(),
  run: z.object({ runId: z.string() }).optional(),
  clauses: z.array(z.object({ id: z.string(), verdict: z.enum(verdicts) })),
  // What the baseline certified, so a run is compared only with a baseline of its own target (older files lack it).
  target: z.object({ kind: z.enum(['embedded', 'live']), identity: z.string(), companyId: z.string() }).optional(),
  mode: z.enum(['full', 'readonly']).optional(),
  budget: z.object({ limits: z.object({ getPerMin: z.number(), writePerMin: z.number() }) }).optional(),
});
export type Baseline = z.infer<typeof baselineSchema>;

/** Reads a certification.json used as baseline; anything unusable is a usage error (exit 2). */
export function readBaseline(file: string): Baseline {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new ConfigError(`--baseline ${file}: cannot read it (${why})`);
  }
  const parsed = baselineSchema.safeParse(raw);
  if (!parsed.success)
    throw new ConfigError(
      `--baseline ${file}: not a certification.json (${parsed.error.issues[0]?.path.join('.') || 'root'}: ${parsed.error.issues[0]?.message})`,
    );
  return parsed.data;
}

/** What the run about to start certifies, as the settings say it before any request. */
export interface RunIdentity {
  /** BASE_URL; undefined: the embedded mock. */
  baseUrl?: string;
  /** COMPANY_ID; undefined on the embedded mock means its own fixture company. */
  companyId?: string;
  mode: 'full' | 'readonly';
  /** Rate-limited (frugal): fewer property runs and sampled matrices, so other checks' cases. */
  frugal: boolean;
}

const trim = (url: string) => url.replace(/\/+$/, '');
const modeOf = (mode: string, frugal: boolean) => `${mode}${frugal ? ' (rate-limited, frugal)' : ''}`;

/**
 * The first way a baseline differs from the run about to start (target, company, mode), as one
 * line; undefined when it is a baseline of this target. A field the baseline does not record is
 * not compared.
 */
export function baselineMismatch(b: Baseline, file: string, run: RunIdentity): string | undefined {
  const differs = (what: string, was: string, now: string) =>
    `--baseline ${file} certified ${what} ${was}, this run ${now}: a baseline compares one target with itself (--allow-other-baseline or ALLOW_OTHER_BASELINE to compare anyway)`;
  if (b.target) {
    const was = b.target.kind === 'embedded' ? 'the embedded mock' : trim(b.target.identity);
    const now = run.baseUrl ? trim(run.baseUrl) : 'the embedded mock';
    if (was !== now) return differs('the target', was, now);
    if ((run.companyId || b.target.kind === 'live') && b.target.companyId !== run.companyId)
      return differs('company', b.target.companyId, run.companyId ?? '(none)');
  }
  if (b.mode) {
    const limits = b.budget?.limits;
    const frugal = limits ? limits.getPerMin > 0 || limits.writePerMin > 0 : run.frugal;
    if (b.mode !== run.mode || frugal !== run.frugal)
      return differs('in mode', modeOf(b.mode, frugal), modeOf(run.mode, run.frugal));
  }
  return undefined;
}

export function diffBaseline(baseline: Baseline, current: Pick<Certification, 'clauses'>, file: string): BaselineDiff {
  const before = new Map(baseline.clauses.map((c) => [c.id, c.verdict] as const));
  const diff: BaselineDiff = {
    file,
    baselineRunId: baseline.run?.runId,
    baselineFinishedAt: baseline.finishedAt,
    baselineVerdict: baseline.verdict,
    newlyFailing: [],
    newlyPassing: [],
    newClauses: [],
  };
  for (const c of current.clauses) {
    const was = before.get(c.id) ?? null;
    const change: ClauseChange = { id: c.id, section: c.section, was, now: c.verdict };
    if (was === null) diff.newClauses.push(change);
    if (c.verdict === 'failed' && was !== 'failed') diff.newlyFailing.push(change);
    if (c.verdict === 'passed' && was !== null && was !== 'passed') diff.newlyPassing.push(change);
  }
  return diff;
}

/**
 * The process exit code for a finished run.
 * any: 1 when the certification is non-conformant (a failed clause or a run error), 3 when inconclusive.
 * regression: 1 only for a newly failing clause; otherwise 3 when something could not be judged.
 */
export function gateExitCode(
  cert: Pick<Certification, 'verdict' | 'runErrors'>,
  failOn: FailOn,
  diff?: BaselineDiff,
): number {
  // An interrupted run certifies nothing. The CLI that was interrupted exits 130 or 143 itself;
  // this is merge-reports over an interrupted shard's outputs: as inconclusive, never conformant.
  if (cert.verdict === 'interrupted') return EXIT.inconclusive;
  if (failOn === 'regression') {
    if (!diff) throw new Error('gateExitCode: --fail-on regression needs a baseline diff');
    if (diff.newlyFailing.length > 0) return EXIT.failed;
    return cert.verdict === 'inconclusive' || cert.runErrors.length > 0 ? EXIT.inconclusive : EXIT.ok;
  }
  if (cert.verdict === 'non-conformant') return EXIT.failed;
  return cert.verdict === 'inconclusive' ? EXIT.inconclusive : EXIT.ok;
}

/** Console lines for the diff; empty groups are left out. */
export function baselineLines(diff: BaselineDiff): string[] {
  const fmt = (c: ClauseChange) => `    ${c.id} (${c.section}): ${c.was ?? 'absent'} → ${c.now}`;
  const lines = [`Compared with baseline ${diff.file} (${diff.baselineVerdict}, ${diff.baselineFinishedAt}):`];
  const groups: [string, ClauseChange[]][] = [
    ['newly failing', diff.newlyFailing],
    ['newly passing', diff.newlyPassing],
    ['new since the baseline', diff.newClauses],
  ];
  for (const [label, list] of groups) {
    lines.push(`  ${list.length} ${label}${list.length ? ':' : ''}`);
    lines.push(...list.map(fmt));
  }
  return lines;
}
