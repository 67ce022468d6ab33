import type { RecordLocator, Resource } from '../core/events.js';
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
