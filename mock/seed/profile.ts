import { SEED_EPOCH } from './epoch.js';
import type { SeedSizeOptions } from './sizes.js';

const DAY = 86_400_000;

/**
 * What a mock's data look like beyond their counts: when they are dated, how far they spread, whether
 * records share their sort keys, and how much the second company holds. A profile is data, not a
 * fault: every profile is a conforming data set, so the mock stays the judged reference under it.
 */
export interface DataProfile {
  /**
   * The instant the seeded dates count back from (the server's "now"). Unset: the documented data,
   * dated back from SEED_EPOCH, appointment requests half around today.
   */
  now?: number;
  /** Scale of every seeded day offset (1: the documented spread; 0.1: weeks; 3: years). */
  spread?: number;
  /** Records share createdDate, updatedDate, names and other sort keys in small groups. */
  ties?: boolean;
  /** Counts of the second company; unset counts are the first company's. */
  otherSizes?: SeedSizeOptions;
}

/** What a seed step reads of the profile. */
export interface SeedContext {
  /** The instant dates count back from. */
  anchor: number;
  /** Start of the UTC day the appointment requests' second half sits around. */
  today: number;
  /** A seeded offset of n days, scaled by the profile's spread. */
  days(n: number): number;
  /** A seeded instant, never after the profile's now (unchanged without one). */
  notAfterNow(ms: number): number;
}

const startOfUtcDay = (ms: number) => ms - (((ms % DAY) + DAY) % DAY);

export function seedContext(profile: DataProfile = {}): SeedContext {
  const spread = profile.spread ?? 1;
  const now = profile.now;
  return {
    anchor: now ?? SEED_EPOCH,
    today: startOfUtcDay(now ?? Date.now()),
    days: spread === 1 ? (n) => n : (n) => Math.round(n * spread),
    // Dated back from the server's now, no record may be stamped in its future.
    notAfterNow: now === undefined ? (ms) => ms : (ms) => Math.min(ms, now - 1000),
  };
}

/** The profile of the documented data. */
export const isDefaultProfile = (p: DataProfile = {}) =>
  p.now === undefined && (p.spread ?? 1) === 1 && !p.ties && p.otherSizes === undefined;
