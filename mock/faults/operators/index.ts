import type { FaultDef } from '../fault.js';
import { aliasOperator } from './alias.js';
import { bulkOperator } from './bulk.js';
import { envelopeOperator, identifierOperator } from './envelope.js';
import { filterOperator } from './filter.js';
import type { GeneratedFault, OperatorOutput, Unreached } from './operator.js';
import { typeOperator } from './type.js';

/**
 * Every operator of mock/faults/operators/, in the order the kill matrix reports them. Each
 * generated fault is a plain FaultDef (mock/faults/fault.ts) named `<operator>:<target>`.
 */
export const operators: Record<string, () => OperatorOutput> = {
  type: typeOperator,
  envelope: envelopeOperator,
  identifier: identifierOperator,
  filter: filterOperator,
  bulk: bulkOperator,
  alias: aliasOperator,
};
export type OperatorName = keyof typeof operators;

const outputs = Object.entries(operators).map(([name, make]) => [name, make()] as const);

/** The generated faults by id, `<operator>:<target>`. */
export const operatorFaults: Readonly<Record<string, GeneratedFault>> = Object.fromEntries(
  outputs.flatMap(([, o]) => o.faults.map((f) => [`${f.operator}:${f.target}`, f])),
);
export const operatorFaultIds = Object.keys(operatorFaults);

/** Targets an operator reaches in the tables but cannot turn into a fault, with the reason. */
export const unreachedTargets: readonly Unreached[] = outputs.flatMap(([, o]) => o.unreached);

/**
 * Generated faults no check catches, each with the reason (from the last full run of
 * `npm run selfcheck -- --operators`): reported by the kill matrix, left out of npm test's sample.
 */
export const knownSurvivors: Readonly<Record<string, string>> = {
  'bulk:vehicles.create:spread-customerId':
    "the run's bulk create sends every vehicle under CUSTOMER_ID, the one customer it knows: entries that agree on customerId cannot show it spread (a second known customer would)",
  'bulk:inventoryLevels.update:keyed-by-itemId':
    "the run's PUT names two items at LOCATION_ID, the one location it knows: no two entries share an item, so keying by item collapses nothing (one item at a second location would)",
  'alias:appointmentRequests.mixed-pair:legacy-read-only-without-standard':
    'no check sends a standard start with a legacy end: APPT-LEGACY-ALIAS sends the legacy names alone, APPT-STANDARD-WINS both names of one bound',
  'filter:purchaseOrders.repairOrderId:ignored':
    'caught, by PO-REPAIR-ORDER-NOT-INVENTORY (an ignored parameter is never refused), not by PO-FILTERS-COMBINE: no row of it shows repairOrderId narrowing',
  'filter:purchaseOrders.locationId:ignored':
    'caught, by PO-UNKNOWN-LOCATION (an ignored parameter is never refused), not by PO-FILTERS-COMBINE: no row of it shows locationId narrowing',
};

export const isOperatorFaultId = (id: string): boolean => Object.hasOwn(operatorFaults, id);

export const operatorOf = (id: string): string => id.split(':')[0]!;

export type { FaultDef, GeneratedFault, Unreached };
