import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  describeResponse,
  isRecord,
  isSuccess,
  refusalMissing,
  unexpectedStatus,
  type Failure,
} from '../../harness/checks/index.js';
import { fail } from './judge.js';

/**
 * Every position of a bulk write (technique every-position): a refusal probe puts its bad entry
 * first, in the middle and last, each time beside two valid entries of the same kind. A server that
 * checks only the first entry, or stops one short of the last, accepts one of them.
 *
 * The valid twin stays what it was: the shared fixture's write of the same entries without the bad
 * part, accepted; each probe checks it before sending. Every probe of a bulk write goes through
 * `expectRefusedAtEveryPosition`, whatever the resource and whatever array of the body it is.
 */

export const positions = ['first', 'middle', 'last'] as const;
export type Position = (typeof positions)[number];

const indexOf: Record<Position, number> = { first: 0, middle: 1, last: 2 };

/** The three entries with `bad` at `position` and the two valid ones around it, in their order. */
export function arrange<T>(position: Position, bad: T, valid: readonly [T, T]): { entries: T[]; index: number } {
  const index = indexOf[position];
  const entries = [...valid];
  entries.splice(index, 0, bad);
  return { entries, index };
}

/** Which probe of a clause this is: the clause, and its place among the clause's probes. */
export interface Deal {
  clause: string;
  /** 0-based place of this probe among the clause's probes (its variants). */
  index: number;
  /** How many probes the clause has. */
  of: number;
}

/** Under rate limits the positions are dealt in this order: the middle catches a check of the first entry alone, the last a loop that stops one short. */
const dealOrder: readonly Position[] = ['middle', 'last', 'first'];

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The positions a probe sends: all three in a full run. Under rate limits (ctx.frugal) one, dealt
 * from the seed: the probes of one clause take the positions in turn from a seeded start, so a
 * clause with three probes or more sees all three positions in every run, and any clause sees a
 * position after the first (a clause with one or two probes deals from the middle and the last:
 * the first entry alone is what a single-entry bulk tests, and the full run sends it).
 */
export function dealtPositions(ctx: CheckContext, deal: Deal): Position[] {
  if (!ctx.frugal) return [...positions];
  const span = deal.of >= 3 ? 3 : 2;
  const start = hash(`${ctx.seed}|${deal.clause}`) % span;
  return [dealOrder[(start + deal.index) % span]!];
}

/**
 * The cases a probe sends: all of them in a full run; under rate limits (ctx.frugal) one, picked
 * from the seed and the key, which the check names in its evidence.
 */
export function sampledUnderLimits<T>(ctx: CheckContext, key: string, cases: readonly T[]): T[] {
  return ctx.frugal ? [cases[hash(`${ctx.seed}|${key}`) % cases.length]!] : [...cases];
}

/** What became of the bad entry of a bulk the server did not refuse. */
export type Effect = { tookEffect: boolean; how: string } | { unknown: string };

export interface BulkProbe<T> {
  /** The write, for messages: 'POST /items'. */
  write: string;
  /** The bad entry in words: 'an item of type labor', 'an entry without vehicleId'. */
  bad: string;
  deal: Deal;
  /** Fresh entries for one position (unique keys each time): the bad one and two valid ones. */
  build(position: Position): { bad: T; valid: readonly [T, T] };
  send(entries: T[], position: Position): Promise<ApiResponse>;
  /**
   * How a refusal shows: 'envelope' (the default, §2.7 writes) is a 4xx, or a 2xx whose envelope
   * says success false, since which status a refusal takes is not shown; a number is the status
   * the spec gives (§7).
   */
  refusal?: 'envelope' | number;
  /**
   * For a bulk the answer did not refuse, where the bad entry leaves a trace (a record created, a
   * record archived): ledgers what the write created and tells whether the bad entry took effect.
   * The spec does not say whether a bulk is refused whole or entry by entry, so a bulk whose bad
   * entry is shown to have been left out is no failure. Without it, an answer that refuses
   * nothing is the failure: it reports a write the spec requires refused as done.
   */
  effect?(res: ApiResponse, entries: T[], index: number, sentAt: number): Promise<Effect>;
  /** Ledgers what an accepted bulk created, for probes without `effect` (the cleanup finds it). */
  ledger?(res: ApiResponse, entries: T[], position: Position): void;
}

type Outcome = { refused: string } | { failure: Failure } | { unknown: string };

const placeOf = (position: Position, index: number) => `${position} (entry ${index + 1} of 3)`;

async function probeAt<T>(ctx: CheckContext, probe: BulkProbe<T>, position: Position): Promise<Outcome> {
  const built = probe.build(position);
  const { entries, index } = arrange(position, built.bad, built.valid);
  const what = `${probe.write} with ${probe.bad} ${placeOf(position, index)} beside two valid entries`;
  const sentAt = Date.now();
  const res = await probe.send(entries, position);
  ctx.observe(`answer with the bad entry ${placeOf(position, index)}`, describeResponse(res));
  const refusal = probe.refusal ?? 'envelope';
  if (typeof refusal === 'number') {
    if (res.status === refusal) return { refused: `${res.status}` };
    if (isSuccess(res)) probe.ledger?.(res, entries, position);
    return {
      failure: isSuccess(res)
        ? refusalMissing(res, what, `HTTP ${refusal}`)
        : unexpectedStatus(res, `HTTP ${refusal}`, what),
    };
  }
  const flagged = isSuccess(res) && isRecord(res.json) && res.json.success === false;
  if (flagged || (res.status >= 400 && res.status < 500))
    return { refused: `${res.status}${flagged ? ', success false' : ''}` };
  const expected = 'a refusal (a 4xx, or success: false)';
  if (!isSuccess(res)) return { failure: unexpectedStatus(res, expected, what) };
  if (!probe.effect) {
    probe.ledger?.(res, entries, position);
    return { failure: refusalMissing(res, what, expected) };
  }
  const effect = await probe.effect(res, entries, index, sentAt);
  if ('unknown' in effect)
    return {
      unknown: `${what} was answered ${describeResponse(res)}; whether its bad entry took effect is not shown (${effect.unknown})`,
    };
  if (effect.tookEffect) return { failure: refusalMissing(res, `${what} (it took effect: ${effect.how})`, expected) };
  ctx.observe(
    `bulk with the bad entry ${position} accepted`,
    `the answer refused nothing, and the bad entry was left out (${effect.how}): the spec does not say whether a bulk is refused whole`,
  );
  return { refused: 'the bad entry alone left out' };
}

/**
 * Sends the probe at each dealt position, one after the other (a bad entry that took effect must
 * not be blamed on the next position), and fails naming every position whose bad entry was not
 * refused. A position whose outcome cannot be told makes the check inconclusive, unless another failed.
 */
export async function expectRefusedAtEveryPosition<T>(ctx: CheckContext, probe: BulkProbe<T>): Promise<void> {
  const dealt = dealtPositions(ctx, probe.deal);
  ctx.observe(
    'positions probed',
    `${dealt.join(', ')}${ctx.frugal ? ` (one, dealt from SEED=${ctx.seed} under rate limits; a full run probes first, middle and last)` : ''}`,
  );
  const failures: Failure[] = [];
  const unknown: string[] = [];
  const refused: string[] = [];
  for (const position of dealt) {
    const outcome = await probeAt(ctx, probe, position);
    if ('failure' in outcome) failures.push(outcome.failure);
    else if ('unknown' in outcome) unknown.push(outcome.unknown);
    else refused.push(`${position} (${outcome.refused})`);
  }
  if (failures.length) fail(`${probe.write} did not refuse ${probe.bad} at every position`, ...failures);
  if (unknown.length) ctx.inconclusive(unknown.join('; '));
  ctx.saw(refused.length, `refusals of ${probe.write} with ${probe.bad}, at ${refused.join(', ')}`);
}
