/**
 * Failures are values, not strings (Schemathesis' typed failures): a small set of kinds, each
 * with what the spec expects, what the target did, and the exchange that shows it. Every output
 * (console, JUnit, Allure, md, json, the page) renders the same value.
 */

export const failureKinds = [
  /** The status is not the one the spec requires (a 2xx where a refusal is due, a 5xx, a 4xx to a valid request). */
  'unexpected-status',
  /** A documented shape is broken: a missing or mistyped field of an envelope or a record. */
  'shape-violation',
  /** A record that must come back did not: a filter, a page, a bulk write left it out. */
  'record-left-out',
  /** A record that must not come back did: another company's, one outside a filter. */
  'record-leaked',
  /** A field read back differs from what the write sent or what the spec fixes. */
  'field-mismatch',
  /** Two answers, or two parts of one answer, disagree (counters, pages, list and get). */
  'inconsistency',
  /** A request the spec requires to be refused was accepted. */
  'refusal-missing',
] as const;
export type FailureKind = (typeof failureKinds)[number];

export interface Failure {
  kind: FailureKind;
  /** One line in words: what broke, on which record or request. */
  message: string;
  /** What the spec requires here (a status, a value, a shape), when one value says it. */
  expected?: unknown;
  /** What the target did. */
  actual?: unknown;
  /** Where in the response body the failing value sits, as a dotted path (`pageable.pageNumber`, `content.3.status`). */
  path?: string;
  /** Id of the recorded exchange that shows it (the journal and the page link it). */
  exchange?: string;
}

/** Thrown by a check whose target broke a stated rule: one title, one or more typed failures. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
  readonly failures: Failure[];

  constructor(
    readonly title: string,
    failures: Failure | readonly Failure[],
  ) {
    const list = Array.isArray(failures) ? [...failures] : [failures as Failure];
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

export const isFailure = (v: unknown): v is Failure =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Failure).message === 'string' &&
  (failureKinds as readonly string[]).includes((v as Failure).kind);
