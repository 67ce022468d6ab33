import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonlDir } from './jsonl.js';
import { threadId } from 'node:worker_threads';

/** Resources the run can create and must archive again (§3 archive transitions). */
export type Resource = 'vehicle' | 'item' | 'customer' | 'appointmentRequest';

export interface LedgerEntry {
  event: 'created' | 'archived';
  resource: Resource;
  id: string;
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
  created(resource: Resource, id: string, extra: { customerId?: string; companyId?: string } = {}): void {
    this.append({ event: 'created', resource, id, ...extra });
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
