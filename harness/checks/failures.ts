import type { z } from 'zod';
import type { ApiResponse } from '../client.js';
import type { Failure, FailureOf } from '../core/outcome.js';

/**
 * Builders of typed failures from the answers a check judged. Each names the exchange, so the
 * outputs can show the request, a curl line and the failing value of the body.
 */

export const exchangeOf = (res: ApiResponse | undefined) => (res?.exchangeId ? { exchange: res.exchangeId } : {});

/** The status and the start of the body, for a failure line. */
export function statusLine(res: ApiResponse): string {
  const body = res.text.length > 300 ? `${res.text.slice(0, 300)}…` : res.text;
  return `HTTP ${res.status}${body ? ` ${body}` : ''}`;
}

/** `what` was answered with a status the spec does not allow there; `expected` says which it allows ('a 2xx', 'HTTP 400'). */
export function unexpectedStatus(res: ApiResponse, expected: string, what: string): FailureOf<'unexpected-status'> {
  return {
    kind: 'unexpected-status',
    message: `${what}: expected ${expected}, got ${statusLine(res)}`,
    expected,
    actual: res.status,
    ...exchangeOf(res),
  };
}

/** A request the spec requires to be refused was accepted. */
export function refusalMissing(
  res: ApiResponse,
  what: string,
  expected = 'a refusal (4xx)',
): FailureOf<'refusal-missing'> {
  return {
    kind: 'refusal-missing',
    message: `${what}: expected ${expected}, got ${statusLine(res)}`,
    expected,
    actual: res.status,
    ...exchangeOf(res),
  };
}

/** Every zod issue of a documented shape, each with the path of the failing value (under `base`). */
export function shapeViolations(
  schema: z.ZodType,
  value: unknown,
  res: ApiResponse,
  base = '',
): FailureOf<'shape-violation'>[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => {
    const path = [base, ...i.path.map(String)].filter(Boolean).join('.');
    return {
      kind: 'shape-violation',
      message: `${path || '(root)'}: ${i.message}`,
      issue: i.message,
      expected: i.message,
      actual: valueAt(value, i.path),
      path: path || undefined,
      ...exchangeOf(res),
    };
  });
}

/** A record known to belong in an answer is not in it. */
export function leftOut(id: string, why: string, res: ApiResponse): FailureOf<'record-left-out'> {
  return {
    kind: 'record-left-out',
    id,
    message: `${id} was left out, though ${why}`,
    expected: id,
    actual: 'absent',
    ...exchangeOf(res),
  };
}

/** A record that must stay out of an answer is in it. */
export function leaked(id: string, why: string, res: ApiResponse, path?: string): FailureOf<'record-leaked'> {
  return {
    kind: 'record-leaked',
    id,
    message: `${id} came back, though ${why}`,
    expected: 'absent',
    actual: id,
    ...(path ? { path } : {}),
    ...exchangeOf(res),
  };
}

/** A record listed though its own fields show the filter excludes it (its id where it shows one). */
export function shownOutside(m: { id?: string; message: string }, res: ApiResponse): FailureOf<'record-leaked'> {
  return {
    kind: 'record-leaked',
    message: m.message,
    ...(m.id ? { id: m.id, actual: m.id } : {}),
    expected: 'absent (its own fields show the filter excludes it)',
    ...exchangeOf(res),
  };
}

/** A field read back differs from what was sent or fixed. */
export function fieldMismatch(
  what: string,
  field: string,
  expected: unknown,
  actual: unknown,
  res: ApiResponse,
  path?: string,
): FailureOf<'field-mismatch'> {
  return {
    kind: 'field-mismatch',
    field,
    message: `${what}: ${field} is ${show(actual)}, expected ${show(expected)}`,
    expected,
    actual,
    ...(path ? { path } : {}),
    ...exchangeOf(res),
  };
}

/**
 * Answers (or parts of one) that disagree: `res` the answer that shows it, `detail.other` the one it
 * disagrees with, `detail.what` what disagrees in a few words.
 */
export function inconsistency(
  message: string,
  res: ApiResponse,
  detail: { what?: string; expected?: unknown; actual?: unknown; path?: string; other?: ApiResponse } = {},
): FailureOf<'inconsistency'> {
  const { other, ...rest } = detail;
  return {
    kind: 'inconsistency',
    message,
    ...rest,
    ...exchangeOf(res),
    ...(other?.exchangeId && other.exchangeId !== res?.exchangeId ? { other: other.exchangeId } : {}),
  };
}

/** Lines in words about fields read back that differ from what was written, each a field mismatch. */
export function fieldMismatches(field: string, lines: readonly string[], res: ApiResponse): Failure[] {
  return lines.map((message) => ({ kind: 'field-mismatch', field, message, ...exchangeOf(res) }));
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = value;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v === undefined ? 'absent' : v;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'absent' : s.length > 120 ? `${s.slice(0, 120)}…` : s;
}
