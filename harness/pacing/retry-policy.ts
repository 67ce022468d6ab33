/**
 * When the pacing proxy tries again. A 429 was not processed, so any method is retried after the
 * server's Retry-After (or a jittered exponential backoff). Transient faults (reset connection,
 * timeout, 502/503/504) are retried for GETs only, at most three times: a write may have been
 * applied, so it is never replayed.
 */

export type AttemptOutcome =
  { kind: 'response'; status: number; retryAfter?: string } | { kind: 'error'; code: string };

export interface RetryCounts {
  transient: number;
  rateLimited: number;
}

export interface RetryDecision {
  delayMs: number;
  /** Short label for the report: '429', '503', 'connection', 'timeout', … */
  reason: string;
  rateLimited: boolean;
}

export const MAX_TRANSIENT_RETRIES = 3;
export const MAX_RATE_LIMIT_RETRIES = 8;
const TRANSIENT_BASE_MS = 250;
const RATE_LIMIT_BASE_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** A Retry-After beyond this is not waited for; the request is reported as rate limited. */
export const MAX_RETRY_AFTER_MS = 120_000;

const TRANSIENT_STATUSES = new Set([502, 503, 504]);

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
  'TimeoutError',
  'AbortError',
]);
const CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** 'timeout' | 'connection' | undefined (not a transient transport fault). */
export function transportFaultKind(code: string): 'timeout' | 'connection' | undefined {
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (CONNECTION_CODES.has(code)) return 'connection';
  return undefined;
}

/** Exponential backoff with full jitter in [half, full] of the step, capped. */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt);
  return Math.round(step / 2 + random() * (step / 2));
}

/** Retry-After as delta-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Undefined: do not retry (the outcome is final). */
export function retryDecision(
  method: string,
  outcome: AttemptOutcome,
  counts: RetryCounts,
  random: () => number = Math.random,
): RetryDecision | undefined {
  if (outcome.kind === 'response' && outcome.status === 429) {
    if (counts.rateLimited >= MAX_RATE_LIMIT_RETRIES) return undefined;
    const asked = parseRetryAfter(outcome.retryAfter);
    if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) return undefined;
    // A little jitter on top of Retry-After too, so concurrent waiters do not return in a herd.
    const delayMs =
      asked !== undefined
        ? asked + Math.round(random() * 250)
        : backoffMs(counts.rateLimited, RATE_LIMIT_BASE_MS, random);
    return { delayMs, reason: '429', rateLimited: true };
  }
  if (method.toUpperCase() !== 'GET') return undefined;
  // A 503 that says when to come back is load shedding, not a fault (RFC 9110 §10.2.3,
  // S-RATE-status): its Retry-After is honoured like a 429's, within the same bounds.
  const shedFor =
    outcome.kind === 'response' && outcome.status === 503 ? parseRetryAfter(outcome.retryAfter) : undefined;
  if (shedFor !== undefined) {
    if (counts.rateLimited >= MAX_RATE_LIMIT_RETRIES || shedFor > MAX_RETRY_AFTER_MS) return undefined;
    return { delayMs: shedFor + Math.round(random() * 250), reason: '503', rateLimited: true };
  }
  if (counts.transient >= MAX_TRANSIENT_RETRIES) return undefined;
  let reason: string | undefined;
  if (outcome.kind === 'response' && TRANSIENT_STATUSES.has(outcome.status)) reason = String(outcome.status);
  if (outcome.kind === 'error')
    reason =
      transportFaultKind(outcome.code) === 'timeout'
        ? 'timeout'
        : transportFaultKind(outcome.code)
          ? 'connection'
          : undefined;
  if (!reason) return undefined;
  return { delayMs: backoffMs(counts.transient, TRANSIENT_BASE_MS, random), reason, rateLimited: false };
}
