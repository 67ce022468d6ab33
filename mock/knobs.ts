/** Test knobs of one mock instance, all off by default: latency, rate limiting, chaos. */

export interface RateLimitKnob {
  getPerMin: number;
  writePerMin: number;
  /** Bucket capacity; a tenth of a minute's allowance unless set (a small one makes a 429 certain). */
  burst?: number;
}

export interface ChaosKnob {
  /** Probability that a GET has its connection reset. */
  resetRate: number;
  /** Probability that a GET is answered 503. */
  error503Rate: number;
}

export interface Knobs {
  latencyMs: number;
  /** Lifetime of access tokens minted by the login routes; one hour unless set (short, to test refresh). */
  accessTokenTtlSeconds?: number;
  rateLimit?: RateLimitKnob;
  chaos?: ChaosKnob;
}

/** A token bucket refilled continuously; capacity is one minute's allowance / 6 (a 10 s burst) unless set. */
export class TokenBucket {
  private tokens: number;
  private last = performance.now();
  private readonly capacity: number;
  constructor(
    private readonly perMin: number,
    burst?: number,
  ) {
    this.capacity = Math.max(1, burst ?? Math.ceil(perMin / 6));
    this.tokens = this.capacity;
  }
  /** Takes a token, or returns the seconds to wait for the next one. */
  take(): number {
    const now = performance.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 60_000) * this.perMin);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((1 - this.tokens) * 60) / this.perMin));
  }
}

/** Deterministic PRNG (mulberry32) so chaos is reproducible for a given seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
