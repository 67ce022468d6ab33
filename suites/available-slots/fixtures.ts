import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { getSlots, legacyPair, slotsWindow, standardPair, type Window } from './slots.js';

/**
 * Slot answers read once per run and judged by every clause they bear on: the preferred pair on the
 * run's window (the reference every comparison uses, and the valid twin of every refusal), and the
 * legacy pair alone on the same window (SLOTS-LEGACY-PAIR's subject, and the valid twin of the
 * legacy half of SLOTS-ISO-REJECTED).
 */

export interface SlotsAnswer {
  window: Window;
  res: ApiResponse;
}

export function slotsReference(ctx: CheckContext): Promise<SlotsAnswer> {
  return ctx.shared('availableSlots:reference', async (s) => {
    const window = slotsWindow(s);
    return { window, res: await getSlots(s, standardPair(window)) };
  });
}

export function slotsLegacy(ctx: CheckContext): Promise<SlotsAnswer> {
  return ctx.shared('availableSlots:legacy', async (s) => {
    const window = slotsWindow(s);
    return { window, res: await getSlots(s, legacyPair(window)) };
  });
}
