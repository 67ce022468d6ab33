import { existsSync, readFileSync } from 'node:fs';
import { clauses } from '../../contract/clauses.js';
import { coverageSummary } from '../../contract/coverage.js';
import { parseSpecUnits } from '../../contract/spec-units.js';
import { traceability } from '../../contract/traceability.js';
import type { Certification } from './types.js';

/**
 * The spec coverage a certification reports: the matrix against the spec the run judged, so a
 * sentence the matrix does not know shows as unaccounted. Without the spec file, the matrix alone.
 */
export function specCoverage(specFile: string | undefined): NonNullable<Certification['coverage']> {
  const found = !!specFile && existsSync(specFile);
  const units = found ? parseSpecUnits(readFileSync(specFile, 'utf8')) : undefined;
  // The operator kill matrix is about the harness, not the target: the self-check's outputs and the
  // coverage page's "about this harness" part show it, never the certificate (issue 36 case 6).
  return { ...coverageSummary(traceability, clauses, units), spec: found ? 'matched' : 'absent' };
}

/** One line: how many normative sentences are checked strictly, observed, not testable, left. */
export function coverageLine(c: NonNullable<Certification['coverage']>): string {
  const left =
    c.unaccounted === null
      ? 'the spec file was not found, so sentences it may add are not counted'
      : `${c.unaccounted} unaccounted for`;
  return (
    `Spec coverage: ${c.units} normative sentences and table rows; ${c.strict} judged by strict clauses (each with a fault the self-check catches), ${c.observedOnly} observed only, ` +
    `${c.gaps.total} partly covered, ${c.notTestable.total} not testable (${c.notTestable.byReason['not-shown']} not shown, ${c.notTestable.byReason['not-testable']} not decidable from outside, ${c.notTestable.byReason.catalogue} by the catalogue), ${c.notARule} not rules; ${left}`
  );
}
