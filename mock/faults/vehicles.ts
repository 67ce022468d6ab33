import type { FaultDef } from './fault.js';

/** Vehicle faults (§2.1, §3, §4.1) and the tenancy faults, which live in the vehicles handlers. */
export const vehicleFaults = {
  'vehicles-create-data-array': { clause: 'VEHICLE-CREATE-ENVELOPE', description: 'POST /vehicles returns the created vehicles as a bare array in data instead of an object.' },
  'vehicles-create-drops-customer': { clause: 'VEHICLE-CREATE-OWNER', description: 'POST /vehicles validates customerId but never stores it: the vehicle has no owner.' },
  'vehicles-list-results-array': { clause: 'VEHICLE-LIST-ENVELOPE', description: 'GET /vehicles puts the records straight into results (an array) and drops pagination.' },
  'vehicles-get-content-object': { clause: 'VEHICLE-GET-ENVELOPE', description: 'GET /vehicles/{id} returns results.content as the vehicle object instead of an array.' },
  'vehicles-update-no-message': { clause: 'VEHICLE-UPDATE-ENVELOPE', description: 'PUT /vehicles answers { success, data } without message.' },
  'vehicles-update-resets-unsent': { clause: 'VEHICLE-UPDATE-PARTIAL', description: 'PUT /vehicles maps the body onto a fresh entity, so every field not sent is reset to empty.' },
  'vehicles-archive-no-content': { clause: 'VEHICLE-ARCHIVE-ENVELOPE', description: 'PATCH /vehicles archives correctly but answers 204 with no body.' },
  'vehicles-archive-deletes': { clause: 'VEHICLE-ARCHIVE-INACTIVE', description: 'PATCH /vehicles deletes the vehicles instead of setting vehicleStatus Inactive.' },
  'vehicles-archive-does-nothing': { clause: 'VEHICLE-ARCHIVE-INACTIVE', description: 'PATCH /vehicles answers success but leaves vehicleStatus unchanged.' },
  'vehicles-filter-customer-ignored': { clause: 'VEHICLE-FILTER-CUSTOMER', description: 'GET /vehicles ignores customerId and lists every vehicle of the company.' },
  'vehicles-search-ignored': { clause: 'VEHICLE-FILTER-SEARCH', description: 'GET /vehicles drops the search parameter: every vehicle matches.' },
  'vehicles-updated-filter-ignored': { clause: 'VEHICLE-FILTER-UPDATED', description: 'GET /vehicles ignores updatedDateStart and updatedDateEnd.' },
  'vehicles-sort-asc-descending': { clause: 'VEHICLE-SORT', description: 'GET /vehicles with sortDirection=ASC sorts descending (inverted comparator).' },
  'vehicles-page-overlap': { clause: 'VEHICLE-PAGING', description: 'GET /vehicles starts page 2 and later one record early, repeating the last record of the page before.' },
  'vehicles-tag-color-hash': { clause: 'VEHICLE-TAG-COLOR', description: 'Vehicle tag colors are returned in CSS form, with a leading #.' },
  'vehicles-mileage-unit-lowercased': { clause: 'VEHICLE-MILEAGE-UNIT', description: 'mileageUnit is returned lowercased (miles, km) instead of as sent.' },
  'tenant-vehicles-list-all-companies': { clause: 'TENANT-LIST-ISOLATION', description: 'GET /vehicles lists the vehicles of every company, ignoring companyId.' },
  'tenant-vehicles-get-any-company': { clause: 'TENANT-GET-ISOLATION', description: 'GET /vehicles/{id} finds a vehicle of any company, not only the one asked for.' },
} as const satisfies Record<string, FaultDef>;
