import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from '../client.js';
import type { Settings } from '../config.js';
import { TransportError } from '../errors.js';
import { backoffMs, MAX_TRANSIENT_RETRIES } from '../pacing/retry-policy.js';

/**
 * One GET before the run: an unreachable target is inconclusive, never non-conformant, and
 * finding out first avoids a run full of timeouts. A transient fault (one reset connection) is
 * retried like any GET of the run, so it does not end the run before it starts.
 */
export async function probeTarget(settings: Settings): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new ApiClient({ baseUrl: settings.baseUrl!, token: settings.accessToken ?? null, timeoutMs: Math.min(settings.requestTimeoutMs, 10_000), connections: 1 });
  for (let attempt = 0; ; attempt++) {
    try {
      await client.get('/items', { companyId: settings.companyId, size: 1, page: 1 });
      return { ok: true };
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      if (attempt >= MAX_TRANSIENT_RETRIES) return { ok: false, reason: `the target ${settings.baseUrl} could not be reached: ${err.message}` };
      await sleep(backoffMs(attempt, 250));
    }
  }
}
