import type { ClauseId } from '../../contract/clauses.js';
import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext, Need } from '../../harness/conformance.js';
import {
  describeResponse,
  fieldMismatch,
  frameViolations,
  isRecord,
  isSuccess,
  leavesOf,
  looselyEqual,
  whereSentShows,
  type Failure,
  type FrameRules,
  type Intent,
} from '../../harness/checks/index.js';
import type { Rec, RecordFrame, ResourceAdapter } from './adapter.js';
import { fail } from './judge.js';

/**
 * Frame conditions, applied to every write of every resource that writes (technique
 * `frame-condition`): a write changes what it intends and nothing else. The scopes (one per write
 * and resource, suites/<resource>/frame.ts) hand over records the scenarios already read before
 * and after the write; one generic check (write-changes-only-what-it-intends.check.ts) judges them
 * all through harness/checks/frame.ts, with the rules of each resource's adapter.
 */

/** One record a write touched, as read before and after it. */
export interface FrameRecord {
  id: string;
  before: Rec;
  /** Undefined when it could not be read after the write (the read-after-transition clauses judge that). */
  after?: Rec;
  intent: Intent;
  /** Fields that must keep their values besides the intent; every field shown before when absent. */
  watched?: readonly string[];
  /** Why this record cannot be judged (a precondition), when it cannot. */
  unjudged?: string;
  /** The answer the after read came from, for the failures to point at. */
  afterRead?: ApiResponse;
}

export interface FrameCase {
  /** The write's answer; undefined when it was not sent (then `unjudged` says why). */
  answer?: ApiResponse;
  /** Why the write was not judged (it was refused where the spec allows that, or not made), if so. */
  unjudged?: string;
  records: FrameRecord[];
  /** Reads to cite as evidence (shared scenarios'). */
  reads: (ApiResponse | undefined)[];
  /**
   * The write was refused where the spec leaves it open (S-3-update-archived): the refusal is judged
   * by what it proves, the records read back after it must have kept every field.
   */
  refusal?: boolean;
}

export interface FrameScope {
  adapter: ResourceAdapter & { frame: RecordFrame };
  clause: ClauseId;
  variant?: string;
  needs: readonly Need[];
  /** The write in words, for messages: 'PUT /vehicles'. */
  write: string;
  /**
   * Whether a field the intent sets that does not read back fails the clause (`judged`: the write's
   * own effect is this clause's rule), or only leaves the record unjudged unless something else
   * moved (`precondition`: another clause judges the effect, or the spec leaves it open), or the spec
   * leaves open whether the write applies at all (`optional`, S-3-update-archived: a server may answer
   * 2xx and change nothing): a write that never shows, with nothing else moved, kept every field, and
   * that is what the clause asks.
   */
  applied: 'judged' | 'precondition' | 'optional';
  /** The write and the records it touched, from the shared scenarios (no request of its own where they read). */
  touched(ctx: CheckContext): Promise<FrameCase>;
}

/**
 * Where the values the run sent show in a record whose layout is not shown: for each value sent
 * (nested ones leaf by leaf), the leaves under its name holding it, else any leaf holding it; as
 * path prefixes cut before the first array index (the order of a list is not shown).
 */
export function sentFieldPaths(record: Rec, sent: Rec): string[] {
  const leaves = [...leavesOf(record)];
  const last = (p: string) => p.split('.').at(-1)!;
  const cut = (p: string) => {
    const parts = p.split('.');
    const i = parts.findIndex((x) => /^\d+$/.test(x));
    return (i < 0 ? parts : parts.slice(0, i)).join('.');
  };
  const paths = [...leavesOf(sent)].flatMap(([sp, sv]) => {
    const named = leaves.filter(([p, v]) => last(p) === last(sp) && looselyEqual(v, sv));
    return (named.length ? named : leaves.filter(([, v]) => looselyEqual(v, sv))).map(([p]) => cut(p));
  });
  return [...new Set(paths.filter(Boolean))];
}

/**
 * What an archive must leave alone (§3 moves the status only): every documented field and every
 * field the run sent on create, by name; where the layout is not shown, the leaves holding what it sent.
 */
export function watchedOnArchive(frame: RecordFrame, before: Rec, created: Rec): string[] {
  if (frame.layout === 'named') return [...new Set([...frame.documented, ...Object.keys(created)])];
  return sentFieldPaths(before, created);
}

/** Whether a loose-layout record shows the values the intent sets nowhere at all (nothing to judge by). */
const showsNothingSent = (r: FrameRecord) =>
  r.after !== undefined &&
  Object.keys(r.intent.sets).length > 0 &&
  whereSentShows(r.after, r.intent.sets).paths.size === 0;

/**
 * The verdict of one frame scope: every touched record judged whole; a failure names the field,
 * its value before (or as sent) and after, and the read that shows it. A record that could not be
 * judged is a precondition; nothing judged at all is inconclusive, with the reasons.
 */
export async function judgeFrame(ctx: CheckContext, scope: FrameScope): Promise<void> {
  const { adapter, write } = scope;
  const c = await scope.touched(ctx);
  await ctx.cite(c.answer, ...c.reads);
  if (c.unjudged || !c.answer) ctx.inconclusive(c.unjudged ?? `precondition: ${write} was not sent`);
  if (c.refusal) ctx.observe(`${write} refused (allowed where the spec leaves it open)`, describeResponse(c.answer));
  else if (!isSuccess(c.answer))
    ctx.inconclusive(`${write} was refused (${describeResponse(c.answer)}); its own clauses judge the answer`);
  const rules = (r: FrameRecord): FrameRules => ({
    layout: adapter.frame.layout,
    watched: r.watched,
    serverManaged: adapter.frame.serverManaged,
  });
  // A layout that is not shown may show a sent value under no name the harness can find (§2.3).
  if (
    adapter.frame.layout === 'loose' &&
    scope.applied === 'judged' &&
    c.records.length &&
    c.records.every(showsNothingSent)
  ) {
    ctx.inconclusive(
      `the ${adapter.name} read after ${write} show the values sent nowhere; their layout is not shown, so the write cannot be judged (set the profile's field names)`,
    );
  }
  const failures: Failure[] = [];
  const unjudged: string[] = [];
  let judged = 0;
  let compared = 0;
  for (const r of c.records) {
    if (r.unjudged) {
      unjudged.push(r.unjudged);
      continue;
    }
    // A record shown after the write always comes with the answer that showed it (the failures' exchange).
    if (!r.after || !r.afterRead) {
      unjudged.push(`${adapter.name} ${r.id} could not be read after ${write}`);
      continue;
    }
    const v = frameViolations(r.before, r.after, r.intent, rules(r));
    if (v.compared === 0 && Object.keys(r.intent.sets).length === 0) {
      unjudged.push(`${adapter.name} ${r.id} shows no field to compare`);
      continue;
    }
    const what = `${r.id} after ${write}`;
    const shownIn = r.afterRead;
    const moved = v.moved.map((m) =>
      fieldMismatch(`${what}, a field to keep`, m.path, m.expected, m.actual, shownIn, m.path),
    );
    const notApplied = v.notApplied.map((m) =>
      fieldMismatch(`${what}, a field it sets`, m.path, m.expected, m.actual, shownIn, m.path),
    );
    if (scope.applied === 'optional' && notApplied.length && !moved.length) {
      ctx.observe(`${write} left ${adapter.name} ${r.id} as it was (allowed where the spec leaves it open)`, {
        notApplied: v.notApplied.map((m) => m.path),
      });
      judged += 1;
      compared += v.compared;
      continue;
    }
    if (scope.applied === 'precondition' && notApplied.length && !moved.length) {
      unjudged.push(`${write} never showed on ${adapter.name} ${r.id} (${v.notApplied.map((m) => m.path).join(', ')})`);
      continue;
    }
    failures.push(...moved, ...(scope.applied === 'judged' ? notApplied : []));
    judged += 1;
    compared += v.compared;
  }
  if (failures.length)
    fail(`${write} did not change exactly what it intends on the ${adapter.name} it touched`, ...failures);
  if (judged === 0)
    ctx.inconclusive(
      `precondition: no ${adapter.name} record could be judged before and after ${write}: ${unjudged.join('; ')}`,
    );
  if (unjudged.length) ctx.observe('records not judged', unjudged);
  ctx.saw(judged, `${adapter.name} records compared whole before and after ${write}`);
  ctx.saw(compared, 'fields that had to keep their values, and did');
}

/** A status-like field, where the record's layout is not shown (harness/locate/shapes.ts inactiveState reads the same names). */
export const statusLike = (path: string) =>
  /(^|\.)(status|customerStatus|active|isActive|enabled|archived|isArchived|inactive|isInactive|deleted)$/i.test(path);

/**
 * A write the spec leaves open, refused (S-3-update-archived: 409, 422, 404, success false): a
 * realistic answer, judged by what it proves. The record read back after it must show every field
 * as before (its archived state included); only that rule, which the spec states, can fail.
 */
export function refusedUpdate(
  answer: ApiResponse,
  id: string,
  before: Rec,
  after: Rec | undefined,
  reads: (ApiResponse | undefined)[],
  afterRead: ApiResponse | undefined,
): FrameCase {
  return {
    answer,
    refusal: true,
    records: [{ id, before, after, afterRead, intent: { sets: {} } }],
    reads: [...reads, afterRead],
  };
}

/** Whether a write's answer refuses it in its body (a 2xx with success false, §2.7). */
export const refusedInBody = (res: ApiResponse) => isSuccess(res) && isRecord(res.json) && res.json.success === false;
