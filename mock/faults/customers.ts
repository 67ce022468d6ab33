import type { FaultDef } from './fault.js';

/** Customer faults (§3, §4.3). */
export const customerFaults = {
  'customers-create-first-only': { clause: 'CUSTOMER-CREATE-BULK', description: 'POST /customers stores only the first customer of the bulk body but reports them all as created.' },
  'customers-update-resets-unsent': { clause: 'CUSTOMER-UPDATE-PARTIAL', description: 'PUT /customers replaces the whole record, resetting every field not sent.' },
  'customers-archive-does-nothing': { clause: 'CUSTOMER-ARCHIVE-INACTIVE', description: 'PATCH /customers answers success but the customers stay Active.' },
  'customers-get-wrong-param': { clause: 'CUSTOMER-GET-BY-ID', description: 'GET /customers/{id} reads the id from a route parameter that does not exist, so every lookup is 404.' },
  'customers-page-size-off-by-one': { clause: 'CUSTOMER-PAGING', description: 'GET /customers returns size+1 records per page (inclusive slice end).' },
  'customers-list-ignores-company': { clause: 'TENANT-LIST-ISOLATION', description: "GET /customers scopes its query by the token's companies, not the companyId asked for, so other companies' customers are listed." },
  'customers-get-ignores-company': { clause: 'TENANT-GET-ISOLATION', description: 'GET /customers/{id} looks the customer up by id alone and finds customers of any company.' },
} as const satisfies Record<string, FaultDef>;
