import type { CheckContext } from '../../../harness/conformance.js';
import type { Waiter } from '../../../harness/locate/locator.js';
import type { TrackedRecord } from '../../../harness/model/records.js';

/** The model of the vehicles a sequence created (§4.1: PUT changes only the fields sent). */
export interface VehicleEntry extends TrackedRecord {
  /** Needed to archive it (§4.1 PATCH takes vehicleId and customerId). */
  customerId: string;
}

export interface VehicleModel {
  vehicles: VehicleEntry[];
}

export interface VehicleReal {
  ctx: CheckContext;
  stats: { updatesApplied: number; updatesRefused: number };
  /** Reads after the sequence's own writes, until they show (one window per check: common/own-records patientReads). */
  wait: Waiter;
}
