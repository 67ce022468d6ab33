import { hasStatedType, statedFields, type StatedKind } from '../../contract/stated-fields.js';
import type { ApiResponse } from '../client.js';
import type { Failure } from '../core/outcome.js';
import { exchangeOf } from './failures.js';
import { isRecord, objectsWithKey } from './locate.js';

/**
 * Stated types judged exactly (§2): every field of contract/stated-fields.ts that a record shows,
 * present and not null, is in its stated JSON type: "2019" is not an integer, 1 is not a boolean, null
 * is not the object `details` is stated to be only when the type is shown for that item type. Absent
 * and null fields are left alone (a list may show a summary, an unset field may be null or absent:
 * silences S-2.2-list-element-shape, S-2.2-unset-fields). 12.0 passes for an integer (S-JSON-numbers).
 */
export type RecordKind = Extract<StatedKind, 'vehicle' | 'item'>;

const nested: Record<RecordKind, (r: Record<string, unknown>) => [string, StatedKind, unknown][]> = {
  vehicle: (r) =>
    Array.isArray(r.tags) ? r.tags.map((t, i): [string, StatedKind, unknown] => [`tags.${i}`, 'vehicleTag', t]) : [],
  item: (r) =>
    r.itemType === 'part'
      ? [['details', 'partDetails', r.details]]
      : r.itemType === 'tire'
        ? [['details', 'tireDetails', r.details]]
        : [],
};

const show = (v: unknown) =>
  typeof v === 'string'
    ? JSON.stringify(v)
    : `${JSON.stringify(v)} (${Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v})`;

/** A nested record that is not an object at all: a tag shown as its name only (§2.1 Tag has name and color). */
function notAnObject(kind: StatedKind, value: unknown, path: string, res: ApiResponse): Failure[] {
  if (isRecord(value) || value === undefined || (value === null && kind !== 'vehicleTag')) return [];
  const table = statedFields[kind];
  return [
    {
      kind: 'shape-violation' as const,
      message: `${path}: ${table.section} states an object (${Object.keys(table.fields).join(', ')}), read ${show(value)}`,
      issue: `${table.section} states an object`,
      expected: 'object',
      actual: value,
      path,
      ...exchangeOf(res),
    },
  ];
}

function fieldsOff(kind: StatedKind, value: unknown, base: string, res: ApiResponse): Failure[] {
  if (!isRecord(value)) return kind === 'vehicleTag' ? notAnObject(kind, value, base, res) : [];
  const table = statedFields[kind];
  return Object.entries(table.fields as Record<string, Parameters<typeof hasStatedType>[1]>).flatMap(([k, type]) => {
    const v = value[k];
    if (v === undefined || (v === null && type !== 'null') || hasStatedType(v, type)) return [];
    const path = base ? `${base}.${k}` : k;
    return [
      {
        kind: 'shape-violation' as const,
        message: `${path}: ${table.section} states ${type}, read ${show(v)}`,
        issue: `${table.section} states ${type}`,
        expected: type,
        actual: v,
        path,
        ...exchangeOf(res),
      },
    ];
  });
}

/**
 * One record's fields (and its nested records) shown in another type than stated; absent and null
 * fields are left alone. `where` names the record in the messages.
 */
export function recordTypeFailures(
  record: Record<string, unknown>,
  kind: RecordKind,
  res: ApiResponse,
  where: string,
): Failure[] {
  return [
    ...fieldsOff(kind, record, where, res),
    ...nested[kind](record).flatMap(([p, k, v]) => fieldsOff(k, v, `${where}.${p}`, res)),
  ];
}

/** A nested record of a stated kind (PartDetails, TireDetails) judged alone, as recordTypeFailures does. */
export function nestedTypeFailures(value: unknown, kind: StatedKind, res: ApiResponse, where: string): Failure[] {
  return fieldsOff(kind, value, where, res);
}

/** The fields of the records of a kind (objects carrying its identifier, anywhere in a body) shown in another type than stated. */
export function statedTypeFailures(body: unknown, kind: RecordKind, res: ApiResponse, where = ''): Failure[] {
  const key = statedFields[kind].idKey;
  return objectsWithKey(body, key)
    .flatMap((r, i) => {
      const base = `${where}${where ? ' ' : ''}${key} ${String(r[key])}`;
      return [
        ...fieldsOff(kind, r, base, res),
        ...nested[kind](r).flatMap(([p, k, v]) => fieldsOff(k, v, `${base}.${p}`, res)),
      ];
    })
    .filter((f, i, all) => all.findIndex((g) => g.message === f.message) === i);
}
