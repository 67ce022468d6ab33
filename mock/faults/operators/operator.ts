import type { ClauseId } from '../../../contract/clauses.js';
import type { FaultDef } from '../fault.js';

/**
 * A fault operator (mutation testing's operators, PIT/Stryker style, over the spec's own tables): it
 * turns every target it applies to into one plain FaultDef overlay, named `<operator>:<target>`,
 * with the clause that must catch it. A target an operator cannot reach is listed with the reason.
 * The overlays only edit requests and answers as JSON (mock/overlay.ts), so they compose with any
 * server built from the mock's routes, never branching inside the reference handlers.
 */
export interface GeneratedFault extends FaultDef {
  operator: string;
  target: string;
}

export interface Unreached {
  operator: string;
  target: string;
  why: string;
}

export interface OperatorOutput {
  faults: GeneratedFault[];
  unreached: Unreached[];
}

export const generated = (
  operator: string,
  target: string,
  clause: ClauseId,
  description: string,
  overlay: FaultDef['overlay'],
): GeneratedFault => ({ operator, target, clause, description, overlay });

/** A route as the mock's table names it, with the clause that judges what it answers. */
export interface JudgedRoute {
  /** Short name used in targets: list, get, create, update, archive. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  clause: ClauseId;
}
