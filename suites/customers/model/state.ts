import type { CheckContext } from '../../../harness/conformance.js';
import type { Waiter } from '../../../harness/locate/locator.js';
import type { TrackedRecord } from '../../../harness/model/records.js';

/** The model of the customers a sequence created (§4.3: PUT changes only the fields present). */
export interface CustomerModel {
  customers: TrackedRecord[];
}

export interface CustomerReal {
  ctx: CheckContext;
  stats: { updatesApplied: number; updatesRefused: number };
  /** Fields the server did not show at all when a customer was created (§2.3 shows no layout): their changes are not judged. */
  unshown: Set<string>;
  /** Reads after the sequence's own writes, until they show (one window per check: common/own-records patientReads). */
  wait: Waiter;
}
