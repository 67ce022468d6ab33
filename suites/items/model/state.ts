import type { CheckContext } from '../../../harness/conformance.js';
import type { Waiter } from '../../../harness/locate/locator.js';

/**
 * The model of the items a sequence created (§3: PATCH /items sets status Inactive): only the
 * status each item should show. The status first read is the baseline, so create-time choices are
 * left to the create clauses.
 */
export interface ItemEntry {
  itemId: string;
  itemNumber: string;
  status: unknown;
  archived: boolean;
}

export interface ItemModel {
  items: ItemEntry[];
}

export interface ItemReal {
  ctx: CheckContext;
  /** Reads after the sequence's own writes, until they show (one window per check: common/own-records patientReads). */
  wait: Waiter;
}
