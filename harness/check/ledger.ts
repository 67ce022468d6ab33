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
  created(resource: Resource, id: string | undefined, extra: { customerId?: string; companyId?: string; locator?: RecordLocator } = {}): void {
    void this.reports.send({ kind: 'ledger', entries: [{ event: 'created', resource, ...(id === undefined ? {} : { id }), ...extra, marker: this.marker, at: new Date().toISOString() }] });
  }

  archived(resource: Resource, id: string): void {
    void this.reports.send({ kind: 'ledger', entries: [{ event: 'archived', resource, id, marker: this.marker, at: new Date().toISOString() }] });
  }
}
