import type { z } from 'zod';
import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { ContractViolation, describeResponse, filterVerdict, isRecord, isSuccess, schemaViolations, type FilterCase } from '../../harness/checks/index.js';

/**
 * The ways a check reaches a verdict, each recording what it judged: a pass always rests on
 * evidence (ctx.saw), a failure on a rule the spec states, and a precondition that fails is
 * inconclusive, never a failure of the clause under test.
 */

const sum = <K extends string>(xs: readonly Record<K, number>[], k: K) => xs.reduce((n, x) => n + x[k], 0);
const list = (lines: readonly string[], max = 20) => lines.slice(0, max).map((l) => `\n  - ${l}`).join('') + (lines.length > max ? `\n  … and ${lines.length - max} more` : '');

/** Fails with every violation, or records `count` things judged. */
export function verdict(ctx: CheckContext, violations: readonly string[], title: string, count: number, what: string): void {
  if (violations.length) throw new ContractViolation(`${title}:${list(violations)}`);
  ctx.saw(count, what);
}

/** A response the clause under test is about must be 2xx. */
export function expect2xx(ctx: CheckContext, res: ApiResponse, what: string): void {
  if (!isSuccess(res)) throw new ContractViolation(`${what}: expected a 2xx status, got ${describeResponse(res)}`);
  ctx.saw(1, `2xx answer to ${what}`);
}

/** A response that only sets the stage: a refusal makes the check inconclusive. */
export function precondition(ctx: CheckContext, res: ApiResponse | undefined, what: string): asserts res is ApiResponse {
  if (!res) ctx.inconclusive(`precondition: ${what} was not made`);
  if (!isSuccess(res)) ctx.inconclusive(`precondition: ${what} was refused (${describeResponse(res)})`);
}

/** A documented shape: every violation of the schema, or one shape judged. */
export function expectShape(ctx: CheckContext, schema: z.ZodType, value: unknown, what: string): void {
  verdict(ctx, schemaViolations(schema, value), `${what} does not have the documented shape`, 1, `${what} shape`);
}

/** A refusal the spec requires: a 4xx (any, where the status is not shown). */
export function expect4xx(ctx: CheckContext, res: ApiResponse, what: string): void {
  if (res.status < 400 || res.status >= 500) throw new ContractViolation(`${what}: expected a 4xx status, got ${describeResponse(res)}`);
  ctx.saw(1, `${res.status} to ${what}`);
}

/**
 * A write the spec requires to be refused, for the areas whose writes answer the §2.7 envelope:
 * a 4xx, or a 2xx whose envelope says success false (which status a refusal takes is not shown).
 */
export function expectRefused(ctx: CheckContext, res: ApiResponse, what: string): void {
  const flagged = res.status >= 200 && res.status < 300 && isRecord(res.json) && res.json.success === false;
  if (!flagged && (res.status < 400 || res.status >= 500)) throw new ContractViolation(`${what}: expected a refusal (a 4xx, or success: false), got ${describeResponse(res)}`);
  ctx.saw(1, `refusal (${res.status}${flagged ? ', success false' : ''}) of ${what}`);
}

export function expectStatus(ctx: CheckContext, res: ApiResponse, status: number, what: string): void {
  if (res.status !== status) throw new ContractViolation(`${what}: expected HTTP ${status}, got ${describeResponse(res)}`);
  ctx.saw(1, `${status} to ${what}`);
}

/**
 * Both halves of a filter: known matches come back and known non-matches stay out. Either half
 * without evidence makes the check inconclusive with what was missing.
 */
export function judgeFilter(ctx: CheckContext, title: string, ...cases: FilterCase[]): void {
  const vs = cases.map(filterVerdict);
  const v = { violations: vs.flatMap((x) => x.violations), positives: sum(vs, 'positives'), negatives: sum(vs, 'negatives'), unproven: vs.flatMap((x) => x.unproven) };
  if (v.violations.length) throw new ContractViolation(`${title}:${list(v.violations)}`);
  const unproven = v.unproven.length ? ` (${v.unproven.join('; ')})` : '';
  if (v.positives === 0) ctx.inconclusive(`${title}: no record known to match could be shown to come back${unproven}`);
  if (v.negatives === 0) ctx.inconclusive(`${title}: no record known not to match could be shown to stay out${unproven}`);
  ctx.saw(v.positives, 'known matching records came back');
  ctx.saw(v.negatives, 'known non-matching records stayed out');
}
