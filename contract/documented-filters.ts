import type { ClauseId } from './clauses.js';

/**
 * The documented filters of each list (§4.1, §4.2, §4.5, §4.6), as data: the clause that judges
 * each one, the clause that judges it beside the others, and the paging parameters sent with them.
 * The fault operators of the mock (mock/faults/operators/filter.ts) generate one fault per filter
 * and way of dropping it from this table.
 */
export interface DocumentedList {
  section: string;
  path: string;
  /** Each documented filter and the clause judging it alone. */
  filters: Readonly<Record<string, ClauseId>>;
  /** The clause judging the filters sent together. */
  combined: ClauseId;
  /** Paging and sorting parameters of the list (§4, §8), sent beside the filters. */
  paging: readonly string[];
}

export const documentedLists = {
  vehicles: {
    section: '§4.1 GET /vehicles',
    path: '/vehicles',
    filters: {
      customerId: 'VEHICLE-FILTER-CUSTOMER',
      search: 'VEHICLE-FILTER-SEARCH',
      updatedDateStart: 'VEHICLE-FILTER-UPDATED',
      updatedDateEnd: 'VEHICLE-FILTER-UPDATED',
    },
    combined: 'VEHICLE-FILTERS-COMBINE',
    paging: ['page', 'size', 'sort'],
  },
  items: {
    section: '§4.2 GET /items',
    path: '/items',
    filters: {
      type: 'ITEM-FILTER-TYPE',
      itemNumber: 'ITEM-FILTER-ITEMNUMBER',
      updatedDateStart: 'ITEM-FILTER-UPDATED',
      updatedDateEnd: 'ITEM-FILTER-UPDATED',
    },
    combined: 'ITEM-FILTERS-COMBINE',
    paging: ['page', 'size'],
  },
  appointmentRequests: {
    section: '§4.5 GET /appointmentRequests',
    path: '/appointmentRequests',
    filters: {
      appointmentDateStart: 'APPT-FILTER-APPOINTMENT-DATE',
      appointmentDateEnd: 'APPT-FILTER-APPOINTMENT-DATE',
      updatedDateStart: 'APPT-FILTER-UPDATED-DATE',
      updatedDateEnd: 'APPT-FILTER-UPDATED-DATE',
    },
    combined: 'APPT-FILTERS-COMBINE',
    paging: ['page', 'size'],
  },
  purchaseOrders: {
    section: '§4.6 GET /purchaseOrders',
    path: '/purchaseOrders',
    filters: {
      repairOrderId: 'PO-FILTERS-COMBINE',
      itemType: 'PO-FILTERS-COMBINE',
      locationId: 'PO-FILTERS-COMBINE',
      createdDateStart: 'PO-DATE-FILTERS',
      createdDateEnd: 'PO-DATE-FILTERS',
      updatedDateStart: 'PO-DATE-FILTERS',
      updatedDateEnd: 'PO-DATE-FILTERS',
    },
    combined: 'PO-FILTERS-COMBINE',
    paging: ['page', 'size'],
  },
} as const satisfies Record<string, DocumentedList>;
