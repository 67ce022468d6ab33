import type { CoordinationClient } from '../coordination/client.js';
import type { Report } from '../coordination/protocol.js';

/**
 * A worker's reports to the hub, in order. Reports that may go in the background (ledger
 * entries, registrations) are queued; `settle()` waits until every one was journaled, and a
 * check's outcome is sent only after its own ledger entries.
 */
export class HubReports {
  private chain: Promise<void> = Promise.resolve();
  private failure: Error | undefined;

  constructor(private readonly client: CoordinationClient) {}

  /** Queued behind the earlier reports; never an unhandled rejection (the first failure is kept). */
  send(r: Report): Promise<void> {
    this.chain = this.chain
      .then(() => this.client.report(r))
      .catch((err: unknown) => {
        this.failure ??= err instanceof Error ? err : new Error(String(err));
      });
    return this.chain;
  }

  /** Every queued report journaled; throws when one could not be delivered. */
  async settle(): Promise<void> {
    await this.chain;
    if (this.failure) throw new Error(`a report to the run's hub was lost: ${this.failure.message}`);
  }
}
