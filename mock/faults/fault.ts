import type { ClauseId } from '../../contract/clauses.js';
import type { Technique, TechniqueResource } from '../../contract/techniques.js';
import type { Overlay } from '../overlay.js';

/** A named deviation that breaks exactly one documented rule. */
export interface FaultDef {
  clause: ClauseId;
  /** One line: what a backend change got wrong. */
  description: string;
  /** How the fault changes the reference mock: one or more overlays of mock/overlay.ts. */
  overlay: Overlay | readonly Overlay[];
  /** The test-design technique whose checks must catch it, and where (contract/techniques.ts). */
  technique?: { name: Technique; resource: TechniqueResource };
}
