import type { ApiResponse } from '../client.js';
import { fieldValue } from './locate.js';
import type { Span } from './ranges.js';
import { updatedStampOf } from './updated-window.js';

/**
 * The target's clock, never the harness's (S-TIME-clock-skew: the spec states no agreement between
 * them, and a server's clock may be minutes or months away). A window built around the run's own
 * writes is placed on the time the target gave them: the stamps it wrote on the records (read back),
 * else the `Date` header of the write's answer (RFC 9110 §6.6.1), padded by minutes either way.
 */
export interface TargetTime {
  /** When the target placed the run's write, on its own clock. */
  at: Span;
  /** The target's clock minus the harness's, as far as it shows (0 when nothing shows it). */
  skewMs: number;
  /** How the time is known, for messages. */
  why: string;
}

/** Pad around a time the target showed (S-TIME-clock-skew: minutes, not seconds). */
export const TARGET_TIME_PAD_MS = 10 * 60_000;
/** Pad when the target shows no time at all (no stamp, no `Date` header): the harness clock, loosely. */
export const UNANCHORED_PAD_MS = 12 * 3_600_000;

const createdNames = ['createdDate', 'createdAt', 'dateCreated', 'created', 'creationDate'];

/** A record's creation time under its usual names (not a documented field everywhere), where one is found. */
export function createdStampOf(r: Record<string, unknown>): number | undefined {
  const v = fieldValue(r, createdNames);
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? undefined : t;
}

/** The `Date` header of an answer, in ms, where it parses. */
export function dateHeaderOf(res: ApiResponse | undefined): number | undefined {
  const t = Date.parse(res?.headers.date ?? '');
  return Number.isNaN(t) ? undefined : t;
}

/** The target's clock minus the harness's, read from an answer just received (0 without a `Date` header). */
export const skewOf = (res: ApiResponse | undefined, receivedAt = Date.now()): number => {
  const d = dateHeaderOf(res);
  return d === undefined ? 0 : d - receivedAt;
};

/**
 * When the target placed a write the harness sent at `sentAt` (its clock): the update (else creation)
 * stamps of the records read back after it, else the `Date` header of its answer, else the harness's
 * clock padded by hours.
 */
export function targetTimeOfWrite(o: {
  records: readonly Record<string, unknown>[];
  answer?: ApiResponse;
  sentAt: number;
  now?: number;
}): TargetTime {
  const now = o.now ?? Date.now();
  const elapsed = Math.max(0, now - o.sentAt);
  const header = dateHeaderOf(o.answer);
  const stamps = o.records
    .map((r) => updatedStampOf(r) ?? createdStampOf(r))
    .filter((t): t is number => t !== undefined);
  if (stamps.length) {
    const [lo, hi] = [Math.min(...stamps), Math.max(...stamps)];
    return {
      at: { lo: lo - TARGET_TIME_PAD_MS, hi: hi + TARGET_TIME_PAD_MS },
      // The stamps first, the header only without them (a proxy or gateway may write the header).
      skewMs: lo - o.sentAt,
      why: `the target stamped it ${new Date(lo).toISOString()}`,
    };
  }
  if (header !== undefined)
    // The header is of the answer (whole seconds), sent between the request and the end of its wait.
    return {
      at: { lo: header - elapsed - 1000 - TARGET_TIME_PAD_MS, hi: header + elapsed + 1000 + TARGET_TIME_PAD_MS },
      skewMs: header - o.sentAt,
      why: `the target's Date header answered it ${new Date(header).toISOString()}`,
    };
  return {
    at: { lo: o.sentAt - UNANCHORED_PAD_MS, hi: now + UNANCHORED_PAD_MS },
    skewMs: 0,
    why: `sent ${new Date(o.sentAt).toISOString()} by the harness's clock (the target showed no time)`,
  };
}
