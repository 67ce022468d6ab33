import type { z } from 'zod';
import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { inactiveState } from '../../harness/locate/shapes.js';
import type { Rec, ResourceAdapter } from './adapter.js';
import {
  ContractViolation,
  filterVerdict,
  isRecord,
  isSuccess,
  leaked,
  leftOut,
  refusalMissing,
  shapeViolations,
  shownOutside,
  unexpectedStatus,
  type Failure,
  type FilterCase,
} from '../../harness/checks/index.js';

/**
 * The ways a check reaches a verdict, each recording what it judged: a pass always rests on
 * evidence (ctx.saw), a failure on a rule the spec states (a typed Failure, naming its exchange),
 * and a precondition that fails is inconclusive, never a failure of the clause under test.
 */

const sum = <K extends string>(xs: readonly Record<K, number>[], k: K) => xs.reduce((n, x) => n + x[k], 0);

/**
 * Fails with every violation, or records `count` things judged. Violations are typed failures,
 * each naming the exchange that shows it (harness/checks/failures.ts builds them), never strings.
 */
export function verdict(
  ctx: CheckContext,
  violations: readonly Failure[],
  title: string,
  count: number,
  what: string,
): void {
  if (violations.length) throw new ContractViolation(title, violations);
  ctx.saw(count, what);
}

/** Fails with one failure, or more, under a title. */
export function fail(title: string, ...failures: Failure[]): never {
  throw new ContractViolation(title, failures);
}

/**
 * An entry of a bulk create shown absent afterwards: a record left out of what the write made. It has
 * no id (none was ever shown), so the entry names it, and the write's answer is the exchange.
 */
export function notCreated(entry: string, why: string, write: ApiResponse): Failure {
  return {
    kind: 'record-left-out',
    message: `the record sent as ${entry} does not exist after the create: ${why}`,
    expected: entry,
    actual: 'absent',
    ...(write.exchangeId ? { exchange: write.exchangeId } : {}),
  };
}

/**
 * A record a write created that does not read back by its id: the read's status when it was
 * refused, else the record left out of the read (or of the write's answer, when no read was made).
 */
export function notReadBack(id: string, what: string, read: ApiResponse | undefined, write: ApiResponse): Failure {
  if (read && !isSuccess(read)) return unexpectedStatus(read, 'a 2xx status', `${what} ${id}, read by its id`);
  return leftOut(id, `${what} was created${read ? '' : ' (it was not read back)'}`, read ?? write);
}

/** A response the clause under test is about must be 2xx. */
export function expect2xx(ctx: CheckContext, res: ApiResponse, what: string): void {
  if (!isSuccess(res)) fail(what, unexpectedStatus(res, 'a 2xx status', what));
  ctx.saw(1, `2xx answer to ${what}`);
}

/** A response that only sets the stage: a refusal makes the check inconclusive. */
export function precondition(
  ctx: CheckContext,
  res: ApiResponse | undefined,
  what: string,
): asserts res is ApiResponse {
  if (!res) {
    const message = `precondition: ${what} was not made`;
    ctx.inconclusive(message, { kind: 'precondition', message, step: what });
  }
  if (!isSuccess(res)) {
    const message = `precondition: ${what} was refused (HTTP ${res.status} ${res.text.slice(0, 200)})`;
    ctx.inconclusive(message, {
      kind: 'precondition',
      message,
      step: what,
      ...(res.exchangeId ? { exchange: res.exchangeId } : {}),
    });
  }
}

/** A documented shape: every violation of the schema, or one shape judged. */
export function expectShape(
  ctx: CheckContext,
  schema: z.ZodType,
  value: unknown,
  what: string,
  res: ApiResponse,
  base = '',
): void {
  const failures = shapeViolations(schema, value, res, base);
  if (failures.length) fail(`${what} does not have the documented shape`, ...failures);
  ctx.saw(1, `${what} shape`);
}

/** A refusal the spec requires: a 4xx (any, where the status is not shown). */
export function expect4xx(ctx: CheckContext, res: ApiResponse, what: string): void {
  if (res.status < 400 || res.status >= 500)
    fail(
      what,
      isSuccess(res) ? refusalMissing(res, what, 'a 4xx status') : unexpectedStatus(res, 'a 4xx status', what),
    );
  ctx.saw(1, `${res.status} to ${what}`);
}

/**
 * A write the spec requires to be refused, for the areas whose writes answer the §2.7 envelope:
 * a 4xx, or a 2xx whose envelope says success false (which status a refusal takes is not shown).
 */
export function expectRefused(ctx: CheckContext, res: ApiResponse, what: string): void {
  const flagged = res.status >= 200 && res.status < 300 && isRecord(res.json) && res.json.success === false;
  const expected = 'a refusal (a 4xx, or success: false)';
  if (!flagged && (res.status < 400 || res.status >= 500))
    fail(what, isSuccess(res) ? refusalMissing(res, what, expected) : unexpectedStatus(res, expected, what));
  ctx.saw(1, `refusal (${res.status}${flagged ? ', success false' : ''}) of ${what}`);
}

export function expectStatus(ctx: CheckContext, res: ApiResponse, status: number, what: string): void {
  if (res.status !== status)
    fail(
      what,
      isSuccess(res) && status >= 400
        ? refusalMissing(res, what, `HTTP ${status}`)
        : unexpectedStatus(res, `HTTP ${status}`, what),
    );
  ctx.saw(1, `${status} to ${what}`);
}

/** What a filter's own rule says of a record as read: it matches, it is shown not to (why), or it cannot tell. */
export type Admission = true | { out: string } | undefined;

/**
 * How a case judges again a record the run does not control (a sampled one: another client of the
 * company, or another shard's cleanup, may archive or update it during the run) before concluding
 * that it was left out or came back: read by its id, on its current state.
 */
export interface Recheck {
  /** The run created it and controls it: judged as known, never read again. */
  controlled(id: string): boolean;
  /** Whether it must still come back as it reads now ({ out }: it legitimately no longer matches). */
  expectedNow(id: string, record: Rec): Admission;
  /** Whether it must still stay out as it reads now (true: it matches now). */
  excludedNow(id: string, record: Rec): Admission;
}

/** A Recheck that judges a record on one predicate of its current state (`controlled`: the run's own, never read again). */
export const recheckBy = (
  admits: (record: Rec) => Admission,
  controlled: (id: string) => boolean = () => false,
): Recheck => ({
  controlled,
  expectedNow: (_, record) => admits(record),
  excludedNow: (_, record) => admits(record),
});

/**
 * A filter case with the answer its failures point at (the filtered read; for a listing its last
 * page), and where known the page that shows each returned record, so a record that should have
 * stayed out names the page it came back on. A case with `recheck` is judged by judgeFilterSettled.
 */
export type JudgedCase = FilterCase & {
  res: ApiResponse;
  pageOf?: ReadonlyMap<string, ApiResponse>;
  recheck?: Recheck;
};

type Pages = { first: ApiResponse; responses: readonly ApiResponse[] };

/** The answer a listing's filter failures point at: its last page, which ends the list and shows what it lacks. */
export const answerOf = (l: Pages): ApiResponse => l.responses.at(-1) ?? l.first;

/** A listing's answer for a filter case: its last page, and the page that shows each record it returned. */
export function answersOf(
  l: Pages,
  reader: {
    records(res: ApiResponse): Record<string, unknown>[];
    idOf(r: Record<string, unknown>): string | undefined;
  },
): { res: ApiResponse; pageOf: ReadonlyMap<string, ApiResponse> } {
  const pageOf = new Map<string, ApiResponse>();
  for (const res of l.responses)
    if (isSuccess(res))
      for (const r of reader.records(res)) {
        const id = reader.idOf(r);
        if (id !== undefined && !pageOf.has(id)) pageOf.set(id, res);
      }
  return { res: answerOf(l), pageOf };
}

/** The page of a listing that shows a record (`shows`), else its last page: the exchange a failure about it names. */
export function pageShowing(
  l: { first: ApiResponse; responses: readonly ApiResponse[] },
  reader: { records(res: ApiResponse): Record<string, unknown>[] },
  shows: (r: Record<string, unknown>) => boolean,
): ApiResponse {
  return l.responses.find((res) => isSuccess(res) && reader.records(res).some(shows)) ?? answerOf(l);
}

/**
 * Both halves of a filter: known matches come back and known non-matches stay out. Either half
 * without evidence makes the check inconclusive with what was missing. Each case names the answer
 * its failures point at (`res`, the filtered read), so every failure names its exchange.
 */
export function judgeFilter(ctx: CheckContext, title: string, ...cases: JudgedCase[]): void {
  const failures: Failure[] = [];
  const vs = cases.map((c) => {
    const v = filterVerdict(c);
    failures.push(
      ...v.leftOut.map((x) => leftOut(x.id, x.why, c.res)),
      ...v.leaked.map((x) => leaked(x.id, x.why, c.pageOf?.get(x.id) ?? c.res)),
      ...(c.mismatched ?? []).map((m) => shownOutside(m, (m.id && c.pageOf?.get(m.id)) || c.res)),
    );
    return v;
  });
  if (failures.length) fail(title, ...failures);
  const unproven = vs.flatMap((x) => x.unproven);
  const why = unproven.length ? ` (${unproven.join('; ')})` : '';
  if (sum(vs, 'positives') === 0)
    ctx.inconclusive(`${title}: no record known to match could be shown to come back${why}`);
  if (sum(vs, 'negatives') === 0) {
    // The company's data hold no record the filter must leave out: the clause is not exercised on
    // this target (the headline names it), unlike a listing cut short, which leaves it undecided.
    if (!unproven.length && cases.every((c) => c.excluded.length === 0 && !c.othersExist))
      ctx.skip(`${title}: the company's data hold no record known not to match, so none can be shown to stay out`);
    ctx.inconclusive(`${title}: no record known not to match could be shown to stay out${why}`);
  }
  ctx.saw(sum(vs, 'positives'), 'known matching records came back');
  ctx.saw(sum(vs, 'negatives'), 'known non-matching records stayed out');
}

/** Records read again per judgement at most: beyond them a conclusion stands only beside one confirmed. */
const RECHECKED = 10;

/** Whether a record reads as archived (§3: vehicleStatus or status Inactive, or an inactive-looking flag). */
const archived = (r: Rec) => r.vehicleStatus === 'Inactive' || inactiveState(r) === true;

/**
 * judgeFilter, after the records about to be failed that the run does not control are read again
 * by id (the resource's documented read) and judged on their current state: one that no longer
 * matches (archived, gone, updated out of the filter), or that matches now, was changed by another
 * client since the run knew it: an observation, not a failure (lists need not show archived
 * records, S-3-archived-visibility). Only those records are read, once each, at most RECHECKED; a
 * resource without a read by id keeps its conclusions.
 */
export async function judgeFilterSettled(
  ctx: CheckContext,
  title: string,
  reader: Pick<ResourceAdapter, 'get' | 'recordIn'>,
  ...cases: JudgedCase[]
): Promise<void> {
  type Doubt = { c: JudgedCase; id: string; half: 'expected' | 'excluded' };
  const doubts: Doubt[] = [];
  for (const c of cases) {
    if (!c.recheck || !reader.get || !reader.recordIn) continue;
    const v = filterVerdict(c);
    for (const x of v.leftOut) if (!c.recheck.controlled(x.id)) doubts.push({ c, id: x.id, half: 'expected' });
    for (const x of v.leaked) if (!c.recheck.controlled(x.id)) doubts.push({ c, id: x.id, half: 'excluded' });
  }
  if (!doubts.length) return judgeFilter(ctx, title, ...cases);
  const ids = [...new Set(doubts.map((d) => d.id))].sort();
  const reread = new Map(
    await Promise.all(
      ids.slice(0, RECHECKED).map(async (id) => {
        const res = await reader.get!(ctx, id).catch(() => undefined);
        return [id, { res, record: res && isSuccess(res) ? reader.recordIn!(res, id) : undefined }] as const;
      }),
    ),
  );
  const changed = new Map<string, string>();
  let confirmed = false;
  for (const d of doubts) {
    const again = reread.get(d.id);
    if (!again) continue;
    // Gone only when the read by id says so; an answer that cannot be read leaves the conclusion as it was.
    const gone = again.res?.status === 404 || again.res?.status === 410;
    const why = gone
      ? `no longer read by its id (HTTP ${again.res!.status})`
      : !again.record
        ? undefined
        : d.half === 'expected'
          ? archived(again.record)
            ? 'archived since'
            : outWhy(d.c.recheck!.expectedNow(d.id, again.record))
          : d.c.recheck!.excludedNow(d.id, again.record) === true
            ? 'it matches the filter now'
            : undefined;
    if (why) changed.set(`${cases.indexOf(d.c)} ${d.half} ${d.id}`, `${d.id}: ${why}`);
    else confirmed = true;
  }
  // Beyond the records read again, a conclusion stands only where one read again confirmed the fault.
  const unread = ids.slice(RECHECKED);
  const drop = (c: JudgedCase, half: Doubt['half'], id: string) =>
    changed.has(`${cases.indexOf(c)} ${half} ${id}`) ||
    (!confirmed && unread.includes(id) && !!c.recheck && !c.recheck.controlled(id));
  const settled = cases.map((c) => ({
    ...c,
    expected: c.expected.filter((e) => !drop(c, 'expected', e.id) || c.returned.includes(e.id)),
    excluded: c.excluded.filter((x) => !drop(c, 'excluded', x.id) || !c.returned.includes(x.id)),
  }));
  if (changed.size)
    ctx.observe('records changed by another client since the run read them, read again by id (not judged)', [
      ...new Set(changed.values()),
    ]);
  if (!confirmed && unread.length) ctx.observe('records not read again (not judged)', unread);
  judgeFilter(ctx, title, ...settled);
}

const outWhy = (v: Admission) => (typeof v === 'object' ? `no longer matches: ${v.out}` : undefined);
