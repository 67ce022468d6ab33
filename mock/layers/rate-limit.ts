import { errorReply } from '../http.js';
import { TokenBucket, type Knobs } from '../knobs.js';
import type { Layer } from './layer.js';

/**
 * Knob: one token bucket for GETs and one for writes (§8 leaves rate limits "not shown").
 * Over the limit: 429 with Retry-After in seconds. The buckets are sized when the mock starts.
 */
export function rateLimitLayer(knobs: Knobs): Layer {
  const limit = knobs.rateLimit;
  const get = limit && limit.getPerMin > 0 ? new TokenBucket(limit.getPerMin, limit.burst) : undefined;
  const write = limit && limit.writePerMin > 0 ? new TokenBucket(limit.writePerMin, limit.burst) : undefined;
  return (ex, next) => {
    const wait = (ex.method === 'GET' ? get : write)?.take() ?? 0;
    if (wait > 0) return Promise.resolve(errorReply(429, 'rate limit exceeded', { 'retry-after': String(wait) }));
    return next();
  };
}
