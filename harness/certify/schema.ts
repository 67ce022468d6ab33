import { z } from 'zod';
import { areas } from '../../contract/clause.js';
import {
  causeSchema,
  checkReportSchema,
  checkVerdictSchema,
  clauseVerdictSchema,
  partialSchema,
  runVerdictSchema,
} from '../core/outcome.js';
import type { Certification } from './types.js';

/**
 * certification.json as a zod schema: the source of reports/certification.schema.json (generated
 * by `npm run schema`, checked fresh by test/certification-schema.test.ts), and what the tests
 * validate every certificate they write against. Objects that grow with the catalogue (a clause's
 * own fields, the spec coverage) accept more fields than are listed.
 */

const count = z.number().int().nonnegative();
const shard = z.object({ index: count, count });

const selection = z.object({
  pattern: z.string().optional(),
  paths: z.array(z.string()).optional(),
  shard: shard.optional(),
  mode: z.enum(['full', 'readonly']),
  skippedAreas: z.array(z.object({ area: z.string(), why: z.string() })).optional(),
});

const ledgerSummary = z.object({
  created: count,
  archivedByChecks: count,
  archivedByCleanup: count,
  leftovers: count,
  ignoredForeign: count.optional(),
  /** Leftovers the spec gives no archive for (§3). */
  withoutArchive: count,
});

const trafficReport = z.object({
  requests: count,
  requestsByClass: z.object({ get: count, write: count }),
  attempts: count,
  retries: count,
  retriesByReason: z.record(z.string(), count),
  rateLimitedAnswers: count,
  unanswered: z.record(z.string(), count),
  refusedInReadonly: count,
  targetDownEvents: count,
  targetDownAt: z.string().optional(),
  maxInFlight: count,
  burst: z.object({ cuts: count, lowestInFlight: count, lowestPerSecond: z.number().optional() }).optional(),
  pacedRequests: count,
  pacedWaitMs: z.number(),
  limits: z.object({
    getPerMin: z.number(),
    writePerMin: z.number(),
    maxConcurrency: z.number(),
    requestTimeoutMs: z.number(),
  }),
});

const scopeGap = z.object({ clause: z.string(), why: z.string(), setting: z.string().optional() });

const planFacts = z.object({
  checks: count,
  sharedTasks: count,
  get: count,
  write: count,
  lowerBoundMs: z.number(),
});

const clauseChange = z.object({
  id: z.string(),
  section: z.string(),
  was: clauseVerdictSchema.nullable(),
  now: clauseVerdictSchema,
});

export const clauseReportSchema = z.looseObject({
  id: z.string(),
  section: z.string(),
  area: z.enum(areas),
  must: z.string(),
  severity: z.enum(['blocker', 'critical', 'normal', 'minor', 'trivial']),
  strictness: z.enum(['strict', 'observed']),
  notTestable: z.string().optional(),
  verdict: clauseVerdictSchema,
  reason: z.string().optional(),
  cause: causeSchema.optional(),
  /** A passed clause judged on part of its cases: which part, and the setting that would widen it. */
  partial: z.array(partialSchema).optional(),
  checks: z.array(checkReportSchema),
});

export const certificationSchema = z
  .object({
    schemaVersion: z.literal(3),
    /** The harness that judged: its version and git commit (null from an install without .git). */
    harness: z.object({
      name: z.string(),
      version: z.string(),
      commit: z.string().nullable().optional(),
      modified: z.boolean().optional(),
    }),
    /** The spec judged against: its path relative to the harness's root, and its sha256 (null when absent). */
    spec: z.object({ file: z.string(), sha256: z.string().nullable() }),
    target: z.object({
      url: z.string(),
      kind: z.enum(['embedded', 'live']),
      identity: z.string(),
      companyId: z.string(),
      otherCompanyId: z.string().optional(),
      locationId: z.string().optional(),
      secondLocationId: z.string().optional(),
      customerId: z.string().optional(),
    }),
    run: z.object({
      runId: z.string(),
      shard: shard.optional(),
      mergedFrom: z.array(z.object({ runId: z.string(), shard: shard.optional() })).optional(),
    }),
    config: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    startedAt: z.string(),
    finishedAt: z.string(),
    seed: z.number(),
    mode: z.enum(['full', 'readonly']),
    numRuns: z.number(),
    verdict: runVerdictSchema,
    headline: z.string(),
    scope: z.object({
      complete: z.boolean(),
      narrowed: z.boolean(),
      selection,
      clauses: z.object({ total: count, selected: count }),
      strictNotExercised: count,
      notJudged: z.array(z.object({ clause: z.string(), profileKey: z.string() })),
      /** Strict clauses skipped for what the run lacked (a setting, data), and those judged in part. */
      notExercised: z.array(scopeGap),
      partial: z.array(scopeGap),
      note: z.string().optional(),
    }),
    verdictCause: z.string().optional(),
    interrupted: z
      .object({ signal: z.string(), at: z.string(), checksFinished: count, records: ledgerSummary.optional() })
      .optional(),
    warnings: z.array(z.string()).optional(),
    evidenceCut: z
      .array(
        z.object({
          clause: z.string(),
          check: z.string(),
          exchange: z.string(),
          requestBytesCut: count.optional(),
          responseBytesCut: count.optional(),
        }),
      )
      .optional()
      .describe('failures whose cited exchange has a body cut in exchanges.har (over HAR_BODY_LIMIT)'),
    summary: z.record(clauseVerdictSchema, count),
    strictSummary: z.record(clauseVerdictSchema, count),
    checkSummary: z.record(checkVerdictSchema, count),
    traffic: z.object({
      exchanges: z.object({ total: count, checks: count, shared: count, preflight: count, cleanup: count }),
      answered429: count,
      retries: count,
      pacing: z.array(trafficReport),
    }),
    visibility: z.object({ waits: count, shown: count, slowestMs: z.number(), notShown: count }),
    ledger: ledgerSummary.optional(),
    coverage: z
      .looseObject({
        units: count,
        strict: count,
        observedOnly: count,
        unaccounted: count.nullable(),
        spec: z.enum(['matched', 'absent']),
        // The harness's own Spec unit × operator figures: certificates before issue 36 carried them; none is written now.
        operators: z.object({ reached: count, judged: count, withSurvivor: count, withNotRun: count }).optional(),
      })
      .optional(),
    budget: z
      .object({
        limits: z.object({ getPerMin: z.number(), writePerMin: z.number() }),
        planned: planFacts,
        actual: z
          .object({
            get: count,
            write: count,
            lowerBoundMs: z.number(),
            wallMs: z.number(),
            answered429: count,
          })
          .optional(),
      })
      .optional(),
    clauses: z.array(clauseReportSchema),
    observations: z.array(z.object({ clause: z.string(), check: z.string(), name: z.string(), value: z.unknown() })),
    runErrors: z.array(z.string()),
    baseline: z
      .object({
        file: z.string(),
        baselineRunId: z.string().optional(),
        baselineFinishedAt: z.string(),
        baselineVerdict: z.string(),
        newlyFailing: z.array(clauseChange),
        newlyPassing: z.array(clauseChange),
        newClauses: z.array(clauseChange),
      })
      .optional(),
  })
  .meta({
    title: 'Partner API v2 conformance certification',
    description:
      'certification.json: the verdict of a conformance run, per clause and per check, built from the run ' +
      'journal alone. Generated from harness/certify/schema.ts; do not edit by hand.',
  });

/** Every certificate the harness can build is one the schema accepts (checked by the compiler). */
export const schemaAcceptsEveryCertification = (c: Certification): z.input<typeof certificationSchema> => {
  const { coverage, ...rest } = c;
  return {
    ...rest,
    clauses: c.clauses.map((x) => ({ ...x })),
    ...(coverage ? { coverage: { ...coverage } } : {}),
  };
};

/** The JSON Schema of certification.json, as reports/certification.schema.json holds it. */
export function certificationJsonSchema(): string {
  const schema = z.toJSONSchema(certificationSchema, { target: 'draft-2020-12', unrepresentable: 'any' });
  const id = 'https://partner-api-v2-conformance/certification.schema.json';
  return `${JSON.stringify({ $id: id, ...schema }, null, 2)}\n`;
}
