import type { EmbeddedFront } from '../../harness/target.js';
import { startProductionServer } from './server.js';

/** The member key of the production-like server among the family's seeds (`--family-faults production,3`). */
export const PRODUCTION = 'production';

/**
 * The production-like server (thousands of records, write answers without ids, lists lagging 1–2 s,
 * 202 inventory updates, a burst limit) as one more target of a suite run, with a mock fault under
 * both of its backends: a fault must still be caught behind production habits.
 */
export function productionFront(id: string, fault?: string): EmbeddedFront {
  return {
    id,
    label: `production-like server${fault ? ` with fault ${fault}` : ''}`,
    ...(fault ? { fault } : {}),
    start: async () => {
      const p = await startProductionServer({ faults: fault ? [fault] : [] });
      return { url: p.url, mock: p.primary, customerId: p.fixtures.customerId, stop: p.stop };
    },
  };
}
