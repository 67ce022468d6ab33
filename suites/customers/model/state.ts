import type { CheckContext } from '../../../harness/conformance.js';
import type { TrackedRecord } from '../../../harness/model/records.js';

/** The model of the customers a sequence created (§4.3: PUT changes only the fields present). */
export interface CustomerModel {
  customers: TrackedRecord[];
}

export interface CustomerReal {
  ctx: CheckContext;
  stats: { updatesApplied: number; updatesRefused: number };
}
