import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonlDir } from './jsonl.js';
import { threadId } from 'node:worker_threads';

/** Resources the run can create and must archive again (§3 archive transitions). */
export type Resource = 'vehicle' | 'item' | 'customer' | 'appointmentRequest';

/**
 * How to find a record the run created when no answer gave its id: the documented fields the run
 * made unique, as it sent them (a vehicle's vin and licensePlate, an item's itemNumber), and the
 * documented filters that narrow the search (the owning customer). The marker rides in a
 * documented free-text field of the record too.
 */
export interface RecordLocator {
  keys: Record<string, string>;
  customerId?: string;
}

export interface LedgerEntry {
  event: 'created' | 'archived';
  resource: Resource;
  /** Absent when the write answer showed no id and the record was not located yet. */
  id?: string;
  locator?: RecordLocator;
  target: string;
  marker: string;
  /** Needed to archive a vehicle (§4.1 PATCH takes vehicleId and customerId). */
  customerId?: string;
  /** Set when the record belongs to another company than the target's COMPANY_ID. */
  companyId?: string;
  at: string;
}

const dirOf = (runDir: string) => join(runDir, 'ledger');

/**
 * Every record the run creates, appended at once to a file per worker process, so the main
 * process can archive leftovers even when a worker dies. The run never archives anything
 * that is not in here.
 */
export class Ledger {
  private readonly file: string;
  constructor(runDir: string, private readonly target: string, private readonly marker: string) {
    mkdirSync(dirOf(runDir), { recursive: true });
    this.file = join(dirOf(runDir), `${process.pid}-${threadId}.jsonl`);
  }
  /** A record the run created: by id when it is known, else by its locator (the cleanup locates it). */
  created(resource: Resource, id: string | undefined, extra: { customerId?: string; companyId?: string; locator?: RecordLocator } = {}): void {
    this.append({ event: 'created', resource, ...(id === undefined ? {} : { id }), ...extra });
  }
  archived(resource: Resource, id: string): void {
    this.append({ event: 'archived', resource, id });
  }
  private append(e: Omit<LedgerEntry, 'target' | 'marker' | 'at'>): void {
    const entry: LedgerEntry = { ...e, target: this.target, marker: this.marker, at: new Date().toISOString() };
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }
}

export function readLedger(runDir: string): LedgerEntry[] {
  return readJsonlDir<LedgerEntry>(dirOf(runDir));
}
