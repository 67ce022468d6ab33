import type { Clause } from '../clause.js';

/** The clauses of the customers area; `spec` lists the fingerprints of the spec units each one checks. */
export const customers = {
  'CUSTOMER-CREATE-BULK': {
    section: '§4.3',
    area: 'customers',
    severity: 'normal',
    strictness: 'strict',
    must: 'POST /customers MUST create every customer of the bulk body, each readable afterwards by its customerId.',
    spec: ['94e00f6fafd1', '1ba88424a52f', '2775dd9e8136'],
  },
  'CUSTOMER-UPDATE-PARTIAL': {
    section: '§4.3',
    area: 'customers',
    severity: 'normal',
    strictness: 'strict',
    must: 'PUT /customers MUST change, for every entry of the array, only the fields present in the body (an archived customer stays archived unless its status is sent).',
    spec: ['94e00f6fafd1', '1ba88424a52f', '9de7b35095a7'],
  },
  'CUSTOMER-ARCHIVE-INACTIVE': {
    section: '§3, §4.3',
    area: 'customers',
    severity: 'critical',
    strictness: 'strict',
    must: 'PATCH /customers MUST inactivate (archive) every customer whose customerId it is sent, each of which stays readable by that customerId.',
    spec: ['94e00f6fafd1', 'edbeaab132dc', '1ba88424a52f', '723550b49c1e', 'cba3ad27eb85'],
  },
  'CUSTOMER-ARCHIVE-ONLY-STATUS': {
    section: '§3, §4.3',
    area: 'customers',
    severity: 'normal',
    strictness: 'strict',
    must: 'PATCH /customers MUST change nothing of a customer but its status: every value sent when it was created reads back as before, wherever the record shows it.',
    spec: ['edbeaab132dc', '723550b49c1e'],
  },
  'CUSTOMER-GET-BY-ID': {
    section: '§4.3',
    area: 'customers',
    severity: 'critical',
    strictness: 'strict',
    must: 'GET /customers/{customerId} MUST return that customer.',
    spec: ['94e00f6fafd1', 'cba3ad27eb85'],
  },
  'CUSTOMER-PAGING': {
    section: '§4.3, §8',
    area: 'customers',
    severity: 'normal',
    strictness: 'strict',
    must: 'Walking the paginated GET /customers MUST yield each record once, with no page larger than size and none of the records known to be in the list left out.',
    spec: ['94e00f6fafd1', '1b908e2a5bf1', '1d7b3c4db7fe'],
  },
  'CUSTOMER-RECORD-SHAPE': {
    section: '§2.3, §4.3 (not shown)',
    area: 'customers',
    severity: 'trivial',
    strictness: 'observed',
    must: 'Customer bodies, parameters and record fields are not documented; the harness records what the target uses.',
    spec: ['916a49560bbe', '1b908e2a5bf1', '986f3a8329f0'],
  },
} as const satisfies Record<string, Clause>;
