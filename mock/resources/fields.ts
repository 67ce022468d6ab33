import { isObject } from '../context.js';
import { badRequest } from '../http.js';

/**
 * Typed readers for body fields: each returns the value or answers 400, never a 5xx.
 * A resource declares one reader per editable field; create and partial update share them.
 */

export type FieldReader<T> = (value: unknown, at: string) => T;
export type Readers<T> = { [K in keyof T]-?: FieldReader<T[K]> };

export const text =
  (max = 1000): FieldReader<string> =>
  (v, at) => {
    if (typeof v !== 'string') badRequest(`${at} must be a string`);
    if ((v as string).length > max) badRequest(`${at} is longer than ${max} characters`);
    return v as string;
  };

export const integer =
  (min: number, max: number): FieldReader<number> =>
  (v, at) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      badRequest(`${at} must be an integer from ${min} to ${max}`);
    return v as number;
  };

export const quantity =
  (max = 1e9): FieldReader<number> =>
  (v, at) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max)
      badRequest(`${at} must be a number from 0 to ${max}`);
    return v as number;
  };

export const oneOfValues =
  <T extends string>(allowed: readonly T[]): FieldReader<T> =>
  (v, at) => {
    if (!(allowed as readonly unknown[]).includes(v)) badRequest(`${at} must be one of ${allowed.join(', ')}`);
    return v as T;
  };

export const listOf =
  <T>(item: FieldReader<T>, max = 20): FieldReader<T[]> =>
  (v, at) => {
    if (!Array.isArray(v)) badRequest(`${at} must be an array`);
    const arr = v as unknown[];
    if (arr.length > max) badRequest(`${at} holds at most ${max} entries`);
    return arr.map((x, i) => item(x, `${at}[${i}]`));
  };

export function objectAt(v: unknown, at: string): Record<string, unknown> {
  if (!isObject(v)) badRequest(`${at} must be an object`);
  return v as Record<string, unknown>;
}

/** A hexadecimal RGB color without a leading # (§2.1 Tag). */
const hexRgb = /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export interface Tag {
  name: string;
  color: string;
}

export const tag: FieldReader<Tag> = (v, at) => {
  const o = objectAt(v, at);
  const name = text(100)(o.name, `${at}.name`);
  if (typeof o.color !== 'string' || !hexRgb.test(o.color))
    badRequest(`${at}.color must be hexadecimal RGB without a leading #`);
  return { name, color: o.color as string };
};

/** Only the fields present in `raw` (undefined counts as absent), each read by its reader. */
export function presentFields<T extends object>(
  raw: Record<string, unknown>,
  readers: Readers<T>,
  at: string,
): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(readers) as (keyof T & string)[]) {
    const value = raw[key];
    if (value !== undefined) out[key] = readers[key](value, `${at}.${key}`);
  }
  return out;
}

/** A required id field of a bulk entry. */
export function idField(raw: Record<string, unknown>, field: string, at: string): string {
  const v = raw[field];
  if (typeof v !== 'string' || v.length === 0 || v.length > 100)
    badRequest(`${at}.${field} is required (a non-empty string)`);
  return v as string;
}

/** Values of a list query parameter: comma-separated, repeated, or both. */
export function listParam(q: URLSearchParams, name: string): string[] {
  return q
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}
