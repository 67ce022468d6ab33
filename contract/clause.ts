/** The shape of one catalogued rule of the Partner Service API v2 spec. */

export const areas = [
  'vehicles',
  'items',
  'customers',
  'inventoryLevels',
  'appointmentRequests',
  'purchaseOrders',
  'platform',
] as const;
export type Area = (typeof areas)[number];

/** Allure's severity scale, so the report can use it unchanged. */
export type Severity = 'blocker' | 'critical' | 'normal' | 'minor' | 'trivial';

/**
 * strict: the spec states the rule; a deviation is a failure.
 * observed: the spec says "not shown"; the harness records what the target chose and never fails it.
 */
export type Strictness = 'strict' | 'observed';

export interface Clause {
  /** Section of the spec, e.g. '§4.6' or '§7 row 5'. */
  readonly section: string;
  readonly area: Area;
  /** The rule as one MUST sentence, in the harness's own words. */
  readonly must: string;
  readonly severity: Severity;
  readonly strictness: Strictness;
  /** Set when no black-box check can decide the clause; the report shows it as not-testable. */
  readonly notTestable?: string;
  /**
   * The spec units the clause checks, by fingerprint (contract/spec-index.ts), in the spec's order:
   * its trace to the spec, like test262's `esid`. The unit -> clauses view (contract/traceability.ts)
   * is derived from these.
   */
  readonly spec: readonly string[];
}
