import type { z } from 'zod';
import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
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

/**
 * A filter case with the answer its failures point at (the filtered read; for a listing its last
 * page), and where known the page that shows each returned record, so a record that should have
 * stayed out names the page it came back on.
 */
export type JudgedCase = FilterCase & { res: ApiResponse; pageOf?: ReadonlyMap<string, ApiResponse> };

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
  if (sum(vs, 'negatives') === 0)
    ctx.inconclusive(`${title}: no record known not to match could be shown to stay out${why}`);
  ctx.saw(sum(vs, 'positives'), 'known matching records came back');
  ctx.saw(sum(vs, 'negatives'), 'known non-matching records stayed out');
}
