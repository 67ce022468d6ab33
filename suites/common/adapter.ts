import type { ClauseId } from '../../contract/clauses.js';
import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext, Need } from '../../harness/conformance.js';
import type { FrameRules } from '../../harness/checks/index.js';

export type Rec = Record<string, unknown>;

/** The catalogue's name of a resource; also the tenancy checks' variant. */
export type ResourceName =
  'vehicles' | 'items' | 'customers' | 'inventoryLevels' | 'appointmentRequests' | 'purchaseOrders';

/**
 * One resource as every check sees it: how to list, read and find its records. Written once per
 * resource; checks and fixtures use it instead of building requests themselves, so what is
 * documented (or guessed, through the profile) lives in one place.
 */
export interface ResourceAdapter {
  name: ResourceName;
  /** Collection path below the base URL, e.g. '/vehicles'. */
  path: string;
  /** The documented identifier field (§2.1 vehicleId, §2.2 itemId, §2.3 customerId, §2.6 id…). */
  idKey: string;
  /**
   * Whether the list's query parameters are documented (§4.1, §4.2, §4.6). When they are guessed
   * (customers, inventory levels, appointment requests), a refused list is inconclusive, not failed.
   */
  documentedList: boolean;
  list(ctx: CheckContext, query?: Query, companyId?: string): Promise<ApiResponse>;
  /** The records of a list answer, located tolerantly where the envelope is not shown. */
  records(res: ApiResponse): Rec[];
  /** The total a list answer reports, when it reports one. */
  total(res: ApiResponse): number | undefined;
  idOf(record: Rec): string | undefined;
  get?(ctx: CheckContext, id: string, companyId?: string): Promise<ApiResponse>;
  /** The record with this id in a get answer. */
  recordIn?(res: ApiResponse, id: string): Rec | undefined;
  /** How a write's effect on a whole record is judged (frame conditions, suites/common/frame.ts); resources that write have one. */
  frame?: RecordFrame;
}

/** How a resource's whole records are compared before and after a write (harness/checks/frame.ts). */
export interface RecordFrame {
  layout: FrameRules['layout'];
  /** The documented fields (§2.1, §2.2; none where §2.3, §2.4 show none): with the fields sent, what a write must leave alone. */
  documented: readonly string[];
  /** The fields an archive moves (§3): the status, by its documented name or, where none is shown, status-like names. */
  archiveMoves: (path: string) => boolean;
  serverManaged?: (path: string) => boolean;
}

/** A paged list a generic walk can judge (§8). */
export interface PagingScope {
  adapter: ResourceAdapter;
  clause: ClauseId;
  needs?: readonly Need[];
  /** Page size of the walk: small, so a narrow list still spans several pages. */
  size: number;
  maxPages: number;
  /**
   * The list to walk: a narrow documented query (the run's own records where it can), and the ids
   * known to be in it. Undefined when there is nothing to walk (the check then skips, with why).
   */
  scope(ctx: CheckContext): Promise<{ query: Query; expected: string[]; note: string } | undefined>;
}

/** A record of COMPANY_ID a tenancy check looks for under another company. */
export interface TenantRecord {
  id: string;
  /** A word the record carries, to recognise it in an answer whatever its envelope. */
  term?: string;
  /** Where it comes from, for messages: 'created by the run', 'listed'… */
  note: string;
  /** Made by the run: its own company's listing may show it late, so it is read until it does. */
  own?: boolean;
  /** When the run wrote it (Date.now() before the write): the wait ends CONSISTENCY_WINDOW_MS after. */
  writtenAt?: number;
  /** Its read by id under its own company that a fixture made already: the get probe's control. */
  ownRead?: ApiResponse;
}

/** Whether a narrowed listing of one company shows a record, and whether it was read to the end. */
export interface Sighting {
  shown: boolean;
  complete: boolean;
  responses: ApiResponse[];
  /** The page far past the listing's end read beside it (suites/common/tenancy.ts sightElsewhere), when one was. */
  deep?: { page: number; size: number; res: ApiResponse };
}

/**
 * §1: every record belongs to a company. How a resource is probed for leaks across companies:
 * a record of COMPANY_ID, a narrowed listing per company, and (when it has one) a read by id.
 */
export interface TenancyProbe {
  adapter: ResourceAdapter;
  /** Needs beyond the second company, for listing and for reading. */
  needs: { list: readonly Need[]; get: readonly Need[] };
  /** A record of COMPANY_ID for the list probe (the run's own where it can write), or undefined. */
  record(ctx: CheckContext): Promise<TenantRecord | undefined>;
  /** Lists `companyId`, narrowed where the resource allows, and looks for the record. */
  listShows(ctx: CheckContext, companyId: string, record: TenantRecord): Promise<Sighting>;
  /** A record of COMPANY_ID readable by id, for the get probe; undefined when the resource has no read by id. */
  readable?(ctx: CheckContext): Promise<TenantRecord | undefined>;
  /**
   * Records of the other id forms of the read by id (purchase orders of the other backends, §4.6),
   * each with its own read as the control: a lookup may leak one form only. Under rate limits the
   * get probe reads one of them, drawn with the seed.
   */
  otherForms?(ctx: CheckContext): Promise<TenantRecord[]>;
}

/**
 * A list with updatedDateStart / updatedDateEnd (ISO 8601): how the generic updated-date filter
 * check finds records of known update time — the run's own, created now — and a documented filter
 * that narrows the list to them.
 */
export interface UpdatedScope {
  adapter: ResourceAdapter;
  clause: ClauseId;
  /**
   * Records the run created (so last updated during the run), with a query that narrows the list to
   * them, when they were written (harness clock), and what the target showed of that time: the
   * records as read back (their stamps) and the write's answer (its `Date` header).
   */
  runRecords(
    ctx: CheckContext,
  ): Promise<{ ids: string[]; narrow: Query; writtenAt?: number; records?: Rec[]; answer?: ApiResponse } | undefined>;
  /** The shared first page of the unfiltered list, for runs that cannot write (update times located in it). */
  sample(ctx: CheckContext): Promise<ApiResponse>;
}
