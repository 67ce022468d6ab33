import type { ClauseId } from '../../contract/clauses.js';

/** A named deviation that breaks exactly one documented rule. */
export interface FaultDef {
  clause: ClauseId;
  /** One line: what a backend change got wrong. */
  description: string;
}
