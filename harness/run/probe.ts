import { ApiClient } from '../client.js';
import type { Settings } from '../config.js';
import { TransportError } from '../errors.js';

/**
 * One GET before the run: an unreachable target is inconclusive, never non-conformant, and
 * finding out first avoids a run full of timeouts.
 */
export async function probeTarget(settings: Settings): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new ApiClient({ baseUrl: settings.baseUrl!, token: settings.accessToken ?? null, timeoutMs: Math.min(settings.requestTimeoutMs, 10_000), connections: 1 });
  try {
    await client.get('/items', { companyId: settings.companyId, size: 1, page: 1 });
    return { ok: true };
  } catch (err) {
    if (err instanceof TransportError) return { ok: false, reason: `the target ${settings.baseUrl} could not be reached: ${err.message}` };
    throw err;
  }
}
