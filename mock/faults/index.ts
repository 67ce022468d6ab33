import type { FaultDef } from './fault.js';
import { itemFaults } from './items.js';
import { appointmentRequestFaults } from './appointment-requests.js';
import { purchaseOrderFaults } from './purchase-orders.js';
import { authFaults } from './auth.js';
import { vehicleFaults } from './vehicles.js';
import { customerFaults } from './customers.js';
import { inventoryLevelFaults } from './inventory-levels.js';
import { frameFaults } from './frame.js';
import { pairwiseFaults } from './pairwise.js';
import { positionFaults } from './positions.js';
import { boundsFaults } from './bounds.js';

/** Every fault of the mock. Each resource keeps its faults in its own file beside this one. */
export const faults = {
  ...itemFaults,
  ...appointmentRequestFaults,
  ...purchaseOrderFaults,
  ...authFaults,
  ...vehicleFaults,
  ...customerFaults,
  ...inventoryLevelFaults,
  ...frameFaults,
  ...pairwiseFaults,
  ...positionFaults,
  ...boundsFaults,
} as const satisfies Record<string, FaultDef>;

export type FaultId = keyof typeof faults;
export const faultIds = Object.keys(faults) as FaultId[];
export type { FaultDef };

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(faults, id);
}
