import { TokenBucket } from '../../mock/knobs.js';

/**
 * Choice burst-limit: an API gateway's limits, per partner (the token's subject) or, for a request
 * without a valid token, per client address. A sliding one-second window of admitted requests
 * (a request refused does not count), and optionally per-minute token buckets for GETs and writes
 * like the mock's. Over a limit: the seconds to wait, for Retry-After.
 */
export class Limits {
  private readonly windows = new Map<string, number[]>();
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly burstPerSecond: number,
    private readonly perMinute: { get: number; write: number },
  ) {}

  /** 0 when the request may go, else the seconds to wait. */
  take(key: string, method: string): number {
    const burst = this.burst(key);
    if (burst > 0) return burst;
    const perMin = method === 'GET' ? this.perMinute.get : this.perMinute.write;
    if (perMin > 0) {
      const name = `${key}|${method === 'GET' ? 'get' : 'write'}`;
      let bucket = this.buckets.get(name);
      if (!bucket) this.buckets.set(name, (bucket = new TokenBucket(perMin)));
      const wait = bucket.take();
      if (wait > 0) {
        // The burst window admitted it; it was not served after all.
        this.windows.get(key)?.pop();
        return wait;
      }
    }
    return 0;
  }

  private burst(key: string): number {
    if (this.burstPerSecond <= 0) return 0;
    const now = performance.now();
    const window = (this.windows.get(key) ?? []).filter((t) => now - t < 1000);
    this.windows.set(key, window);
    if (window.length >= this.burstPerSecond) return 1;
    window.push(now);
    return 0;
  }
}
