import { sep } from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from './paths.js';

/**
 * The closed outcome vocabulary, from the assertion to the certificate: how a check ends (with its
 * typed failures, or the typed cause of not judging), how a clause ends, how a run ends. Zod
 * schemas with the types inferred from them, so the certificate's JSON Schema is generated from
 * the same source (reports/certification.schema.json). Sentences for people live in
 * harness/outputs/; here each value keeps one `message` line, and the fields the outputs need.
 */

// ---------------------------------------------------------------------------------------------
// Failures: the target broke a rule the spec states (Pact's Mismatch classes, Schemathesis' Failures).

/** Id of the recorded exchange that shows it (the journal, the md and the page show its request and curl line). */
const exchange = z.string().optional().describe('id of the recorded exchange that shows the failure');
/** One line in words: what broke, on which record or request. */
const message = z.string().describe('one line in words: what broke, on which record or request');
/** Where in the response body the failing value sits, as a dotted path (`pageable.pageNumber`). */
const path = z.string().optional().describe('dotted path of the failing value in the response body');

export const unexpectedStatusFailure = z.object({
  /** The status is not the one the spec requires (a 5xx, a 4xx to a valid request). */
  kind: z.literal('unexpected-status'),
  message,
  /** Which statuses the spec allows there: 'a 2xx status', 'HTTP 400'. */
  expected: z.string(),
  actual: z.number().int(),
  exchange,
  path,
});

export const refusalMissingFailure = z.object({
  /** A request the spec requires to be refused was accepted. */
  kind: z.literal('refusal-missing'),
  message,
  expected: z.string(),
  actual: z.number().int(),
  exchange,
  path,
});

export const shapeViolationFailure = z.object({
  /** A documented shape is broken: a missing or mistyped field of an envelope or a record. */
  kind: z.literal('shape-violation'),
  message,
  /** What the schema says is wrong (zod's issue). */
  issue: z.string(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  exchange,
  path,
});

export const fieldMismatchFailure = z.object({
  /** A field read back differs from what the write sent or what the spec fixes. */
  kind: z.literal('field-mismatch'),
  message,
  field: z.string(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  exchange,
  path,
});

export const recordLeftOutFailure = z.object({
  /** A record that must come back did not: a filter, a page, a bulk write left it out. */
  kind: z.literal('record-left-out'),
  message,
  /** The record's id; absent when the answer shows the record by its values only (ids are not always shown). */
  id: z.string().optional(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  exchange,
  path,
});

export const recordLeakedFailure = z.object({
  /** A record that must not come back did: another company's, one outside a filter. */
  kind: z.literal('record-leaked'),
  message,
  /** The record's id; absent when the answer shows the record by its values only (ids are not always shown). */
  id: z.string().optional(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  exchange,
  path,
});

export const inconsistencyFailure = z.object({
  /** Two answers, or two parts of one answer, disagree (counters, pages, list and get). */
  kind: z.literal('inconsistency'),
  message,
  /** What disagrees, in a few words ('totalCount and the records'). */
  what: z.string().optional(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  /** The answer that shows it; `other` the answer it disagrees with, when it is another one. */
  exchange,
  other: z.string().optional().describe('id of the other exchange the first disagrees with'),
  path,
});

export const failureSchema = z.discriminatedUnion('kind', [
  unexpectedStatusFailure,
  refusalMissingFailure,
  shapeViolationFailure,
  fieldMismatchFailure,
  recordLeftOutFailure,
  recordLeakedFailure,
  inconsistencyFailure,
]);
export type Failure = z.infer<typeof failureSchema>;
export type FailureKind = Failure['kind'];
export const failureKinds = failureSchema.options.map((o) => o.shape.kind.value) as readonly FailureKind[];
export type FailureOf<K extends FailureKind> = Extract<Failure, { kind: K }>;

export const isFailure = (v: unknown): v is Failure => failureSchema.safeParse(v).success;

/** Thrown by a check whose target broke a stated rule: one title, one or more typed failures. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
  readonly failures: Failure[];

  constructor(
    readonly title: string,
    failures: Failure | readonly Failure[],
  ) {
    const list = Array.isArray(failures) ? [...(failures as readonly Failure[])] : [failures as Failure];
    if (list.length === 0) throw new Error(`ContractViolation(${title}): a violation carries at least one failure`);
    super(violationText(title, list));
    this.failures = list;
  }
}

/** The title and one line per failure, as the console and vitest show a violation. */
export function violationText(title: string, failures: readonly Failure[], max = 20): string {
  if (failures.length === 1 && failures[0]!.message === title) return title;
  const lines = failures.slice(0, max).map((f) => `\n  - ${f.message}`);
  const more = failures.length > max ? `\n  … and ${failures.length - max} more` : '';
  return `${title}:${lines.join('')}${more}`;
}

// ---------------------------------------------------------------------------------------------
// Causes: why a check (or a clause) was not judged. Typed, so the certificate counts them.

export const causeSchema = z.discriminatedUnion('kind', [
  /** The target did not answer (transport failure after retries, the target declared down). */
  z.object({ kind: z.literal('no-answer'), message: z.string(), code: z.string().optional() }),
  /** The target answered documented behaviour in a way that cannot be judged. */
  z.object({ kind: z.literal('unjudgeable-answer'), message: z.string(), exchange: z.string().optional() }),
  /** A step that only sets the stage did not succeed (which step, the exchange that shows it). */
  z.object({
    kind: z.literal('precondition'),
    message: z.string(),
    step: z.string().optional(),
    exchange: z.string().optional(),
  }),
  /** The check found nothing to judge (no record of the kind, nothing it could tell apart). */
  z.object({ kind: z.literal('no-evidence'), message: z.string() }),
  /** What the spec does not show (a body, a parameter name) was guessed and refused; `profileKey` lets it run. */
  z.object({ kind: z.literal('guess-refused'), message: z.string(), profileKey: z.string() }),
  /** The plan's time for the check ran out. */
  z.object({ kind: z.literal('deadline'), message: z.string(), ms: z.number().optional() }),
  /** A setting the check needs is not set (OTHER_COMPANY_ID, ACCESS_TOKEN_NO_PO, …). */
  z.object({ kind: z.literal('missing-setting'), message: z.string(), setting: z.string() }),
  /** CONFORMANCE_MODE=readonly: the check needs a write. */
  z.object({ kind: z.literal('read-only'), message: z.string() }),
  /** The check does not apply to this target (it has no data of the kind, a feature it does not offer). */
  z.object({ kind: z.literal('not-applicable'), message: z.string() }),
  /** The area is left out of the run on purpose (--skip-area). */
  z.object({ kind: z.literal('left-out'), message: z.string(), area: z.string() }),
  /** The run was interrupted before the check started. */
  z.object({ kind: z.literal('interrupted'), message: z.string() }),
  /** The harness itself broke (an exception in a check): never the target's fault. */
  z.object({ kind: z.literal('harness-error'), message: z.string() }),
]);
export type Cause = z.infer<typeof causeSchema>;
export type CauseKind = Cause['kind'];
export const causeKinds = causeSchema.options.map((o) => o.shape.kind.value) as readonly CauseKind[];

/** The harness's own exception: its name, message and the first lines of its stack. */
export const harnessErrorSchema = z.object({ name: z.string(), message: z.string(), stack: z.string().optional() });
export type HarnessError = z.infer<typeof harnessErrorSchema>;

// ---------------------------------------------------------------------------------------------
// Verdicts.

/**
 * How one check ended. `passed` rests on evidence; `failed` on at least one Failure; `inconclusive`
 * and `skipped` on a Cause; `errored` is the harness's own exception (never the target's fault).
 */
export const checkVerdictSchema = z.enum(['passed', 'failed', 'skipped', 'inconclusive', 'errored']);
export type CheckVerdict = z.infer<typeof checkVerdictSchema>;
export const checkVerdicts: readonly CheckVerdict[] = checkVerdictSchema.options;

/**
 * Strict clauses end passed, failed, inconclusive (no answer, an answer that cannot be judged, a
 * harness error), not-judged (the spec does not show what the clause needs and the profile's guess
 * was refused: outside what the certificate covers) or skipped; an observed clause (the spec is
 * silent) ends observed when its check recorded the target's choice, and never fails.
 */
export const clauseVerdictSchema = z.enum([
  'passed',
  'failed',
  'inconclusive',
  'not-judged',
  'skipped',
  'observed',
  'not-testable',
  'not-run',
]);
export type ClauseVerdict = z.infer<typeof clauseVerdictSchema>;
export const clauseVerdicts: readonly ClauseVerdict[] = clauseVerdictSchema.options;

/**
 * conformant: every strict clause of the whole catalogue was judged, none failed (read-only runs
 * say what they did not exercise); passed: nothing failed, but the run did not judge the whole
 * catalogue (a partial selection, or clauses not judged for want of a profile key); non-conformant:
 * a strict clause failed; inconclusive: a strict clause could not be judged (the target did not
 * answer, its answer cannot be judged, or the harness broke); interrupted: stopped by a signal.
 */
export const runVerdictSchema = z.enum(['conformant', 'passed', 'non-conformant', 'inconclusive', 'interrupted']);
export type RunVerdict = z.infer<typeof runVerdictSchema>;

export const verdictWords: Record<RunVerdict, string> = {
  conformant: 'CONFORMANT',
  passed: 'PASSED',
  'non-conformant': 'NON-CONFORMANT',
  inconclusive: 'INCONCLUSIVE',
  interrupted: 'INTERRUPTED',
};

// ---------------------------------------------------------------------------------------------
// A check's outcome, as the worker reports it and the journal keeps it.

export const observationSchema = z.object({ name: z.string(), value: z.unknown() });

/**
 * A check that passed on part of its cases says which part (typed, not an observation: it is about
 * the run's reach, not the server's choices). The certificate names it in the clause's row and in the
 * headline, with the setting that would widen it when one would.
 */
export const partialSchema = z.object({
  /** What was judged: '5 of 22 endpoints', 'request C (request L was refused)'. */
  judged: z.string(),
  /** What was not, in words: 'no two entries of the bulk update share an item'. */
  left: z.string(),
  /** The setting that lets a run judge the rest, when one does (SECOND_LOCATION_ID). */
  setting: z.string().optional(),
});
export type PartialJudgement = z.infer<typeof partialSchema>;
export type Observation = z.infer<typeof observationSchema>;

/** A read after the run's own write that waited for it to show (ctx.eventually). */
export const waitRecordSchema = z.object({
  what: z.string(),
  shown: z.boolean(),
  afterMs: z.number(),
  reads: z.number(),
  windowMs: z.number(),
});
export type WaitRecord = z.infer<typeof waitRecordSchema>;

const outcomeFields = {
  /** Clause id plus variant: `ITEM-FILTER-TYPE [tire]`. */
  key: z.string(),
  clause: z.string(),
  variant: z.string().optional(),
  target: z.string(),
  /** The test name (`key: MUST sentence`), as -t matches it. */
  name: z.string(),
  file: z.string(),
  verdict: checkVerdictSchema,
  /** One line: why it failed (the violation's title), or the cause's message. */
  reason: z.string().optional(),
  /** Why it was skipped or inconclusive (or, for an errored check, `harness-error`). */
  cause: causeSchema.optional(),
  /** Why it failed: the rule the target broke, as typed failures. */
  failures: z.array(failureSchema).optional(),
  /** Set when the check itself broke: the harness's exception, never the target's fault. */
  error: harnessErrorSchema.optional(),
  observations: z.array(observationSchema),
  /** Set when the check judged part of its cases only (ctx.partial). */
  partial: z.array(partialSchema).optional(),
  /** What the check judged, e.g. '12 records inside the window'; empty means it saw nothing. */
  evidence: z.array(z.string()),
  /** Exchanges of shared fixtures the check judged, with the fixture that made them. */
  cited: z.array(z.object({ id: z.string(), from: z.string() })),
  shared: z.array(z.string()),
  waits: z.array(waitRecordSchema),
  requests: z.number(),
  retries: z.number(),
  startedAt: z.string(),
  durationMs: z.number(),
};

/** The invariants of the vocabulary, whatever wrote the outcome. */
function outcomeRules(o: { verdict: CheckVerdict; failures?: Failure[]; cause?: Cause; error?: HarnessError }) {
  if (o.verdict === 'failed') return (o.failures?.length ?? 0) > 0;
  if (o.verdict === 'errored') return !!o.error && o.cause?.kind === 'harness-error';
  if (o.verdict === 'skipped' || o.verdict === 'inconclusive') return !!o.cause;
  return true;
}
const outcomeRuleMessage =
  'failed carries at least one failure, errored its error (cause harness-error), inconclusive and skipped a cause';

export const checkOutcomeSchema = z.object(outcomeFields).refine(outcomeRules, { message: outcomeRuleMessage });
export type CheckOutcome = z.infer<typeof checkOutcomeSchema>;

/** One check as the certificate shows it (its clause and target are the enclosing clause's). */
export const checkReportSchema = z
  .object(outcomeFields)
  .omit({ clause: true, target: true })
  .refine(outcomeRules, { message: outcomeRuleMessage });
export type CheckReport = z.infer<typeof checkReportSchema>;

/**
 * The harness's exception as the outcome keeps it: name, message, the first stack lines, with the
 * harness's own root cut from its paths (a certificate never carries the machine's absolute paths).
 */
export function harnessError(err: unknown, clean: (s: string) => string = (s) => s): HarnessError {
  const e = err instanceof Error ? err : new Error(String(err));
  const stack = e.stack
    ?.split('\n')
    .slice(1, 8)
    .map((l) => l.split(`${PROJECT_ROOT}${sep}`).join('').split(`file://${PROJECT_ROOT}/`).join(''))
    .join('\n');
  return { name: e.name, message: clean(e.message), ...(stack ? { stack: clean(stack) } : {}) };
}

/** `TypeError: x is undefined`, the first line of an errored check everywhere. */
export const errorLine = (e: HarnessError) => `${e.name}: ${e.message.split('\n')[0]}`;
