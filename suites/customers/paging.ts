import type { PagingScope } from '../common/adapter.js';
import { customers } from './adapter.js';

/** §4.3 (a paginated list), §8: the list has no documented filter, so its first pages are walked. */
export const customerPaging: PagingScope = {
  adapter: customers,
  clause: 'CUSTOMER-PAGING',
  size: 3,
  maxPages: 5,
  scope: async () => ({ query: {}, expected: [], note: 'the whole list, first pages' }),
};
