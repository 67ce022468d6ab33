import type { Exchange } from '../client.js';
import type { RecordLocator, Resource } from '../core/events.js';
import type { Profile } from '../core/profile.js';
import { readWriteAnswer, sentElements } from '../locate/answers.js';
import type { Kind } from '../locate/requests.js';
import type { HubReports } from './hub-reports.js';

export type { RecordLocator, Resource };

/**
 * Every record the run creates, reported to the hub at once; the hub fsyncs it into the journal
 * before the next report of the same worker, so the cleanup can archive it even when the worker
 * dies. The run never archives anything that is not in the journal.
 */
export class Ledger {
  constructor(
    private readonly reports: HubReports,
    private readonly marker: string,
  ) {}

  /** A record the run created: by id when it is known, else by its locator (the cleanup locates it). */
  created(
    resource: Resource,
    id: string | undefined,
    extra: { customerId?: string; companyId?: string; locator?: RecordLocator } = {},
  ): void {
    void this.reports.send({
      kind: 'ledger',
      entries: [
        {
          event: 'created',
          resource,
          ...(id === undefined ? {} : { id }),
          ...extra,
          marker: this.marker,
          at: new Date().toISOString(),
        },
      ],
    });
  }

  /**
   * What a create answer showed as created (harness/locate/answers.ts), whatever the check
   * expected: journaled before the answer reaches the check, so nothing the target made is forgotten.
   */
  answered(
    resource: Resource,
    elements: readonly { id: string; customerId?: string }[],
    extra: { companyId?: string } = {},
  ): Promise<void> {
    if (!elements.length) return Promise.resolve();
    const at = new Date().toISOString();
    return this.reports.send({
      kind: 'ledger',
      entries: elements.map((e) => ({
        event: 'created' as const,
        resource,
        id: e.id,
        ...(e.customerId === undefined ? {} : { customerId: e.customerId }),
        ...extra,
        marker: this.marker,
        at,
      })),
    });
  }

  /**
   * Before a create is sent: each record by its locator, journaled before this resolves, so a
   * worker stopped while the write is in flight leaves nothing the cleanup cannot find.
   */
  beforeCreate(
    resource: Resource,
    locators: readonly RecordLocator[],
    extra: { companyId?: string } = {},
  ): Promise<void> {
    const at = new Date().toISOString();
    return this.reports.send({
      kind: 'ledger',
      entries: locators.map((locator) => ({
        event: 'created' as const,
        resource,
        ...(locator.customerId ? { customerId: locator.customerId } : {}),
        ...extra,
        locator,
        beforeWrite: true as const,
        marker: this.marker,
        at,
      })),
    });
  }

  /** The create ledgered before it was sent was refused: nothing to look for. */
  withdrawn(resource: Resource, locators: readonly RecordLocator[]): void {
    const at = new Date().toISOString();
    void this.reports.send({
      kind: 'ledger',
      entries: locators.map((locator) => ({ event: 'withdrawn' as const, resource, locator, marker: this.marker, at })),
    });
  }

  /** Every entry so far journaled: before a check changes a record its locator may no longer find. */
  flushed(): Promise<void> {
    return this.reports.settle();
  }

  archived(resource: Resource, id: string): void {
    void this.reports.send({
      kind: 'ledger',
      entries: [{ event: 'archived', resource, id, marker: this.marker, at: new Date().toISOString() }],
    });
  }
}

/** The creates of the resources the run archives (§3), by path; appointment requests have no archive and keep their own entries. */
const creates: Record<string, Kind> = { '/vehicles': 'vehicle', '/items': 'item', '/customers': 'customer' };

/**
 * An observer of a check's client: every POST of a create whose answer shows records as created
 * (any key, per-element results, a 207, a Location) ledgers them by id before the answer reaches
 * the check, whatever the check expected of it. Never throws: a body it cannot read ledgers nothing.
 */
export async function ledgerAnswer(
  ex: Exchange,
  o: { ledger: Ledger; profile: Profile; companyId: string },
): Promise<void> {
  if (ex.request.method !== 'POST' || !ex.response) return;
  try {
    const url = new URL(ex.request.url);
    const path = Object.keys(creates).find((p) => url.pathname.endsWith(p));
    if (!path) return;
    const kind = creates[path]!;
    const body: unknown = ex.request.body === undefined ? undefined : JSON.parse(ex.request.body);
    const sent = sentElements(body);
    const answer = readWriteAnswer(kind, ex.response, sent, o.profile.customers.arrayField);
    // A create for another company (the tenancy checks) is archived there.
    const named = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const company = named.companyId ?? named[o.profile.companyParam] ?? url.searchParams.get(o.profile.companyParam);
    const extra = typeof company === 'string' && company !== o.companyId ? { companyId: company } : {};
    await o.ledger.answered(kind, answer.created, extra);
  } catch {
    // Not JSON, or not a create this run can read: the fixtures' own locating still ledgers what they made.
  }
}
