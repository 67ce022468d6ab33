import type { ClauseId } from '../../../contract/clauses.js';
import { editReply, isSuccess, type Json } from '../edit.js';
import { wrapRoute } from '../../overlay.js';
import type { Handler, RequestContext } from '../../types.js';
import { generated, type OperatorOutput } from './operator.js';
import { copy, objectsWhere } from './records.js';

/**
 * Operator `fidelity`: data that reaches the store or a view other than it was sent (§2.1, §2.2
 * state the fields and their types; §4.1 PUT changes the fields sent). Numbers truncated, rounded or
 * wrapped at an integer width on create; on update a field not sent cleared, a nested array lost, or
 * the first entry's value of a field applied to every entry; text cut in the list view only.
 */

/** The entries of a JSON body (the first array of objects). */
const entriesOf = (body: unknown): Record<string, Json>[] => {
  if (!body || typeof body !== 'object') return [];
  const arr = Object.values(body as Record<string, Json>).find(
    (v) => Array.isArray(v) && v.some((x: Json) => x && typeof x === 'object'),
  );
  return (arr ?? []).filter((x: Json) => x && typeof x === 'object');
};

/** How a stored number goes wrong, and whether it changes the value (a width wraps only past its range). */
const numeric: Record<string, { note: string; apply: (v: number) => number }> = {
  truncated: { note: 'truncated to an integer (an integer column)', apply: (v) => Math.trunc(v) },
  'rounded-1': { note: 'rounded to one decimal (a NUMERIC(p,1) column)', apply: (v) => Math.round(v * 10) / 10 },
  int8: { note: 'wrapped at 8 bits (a TINYINT column)', apply: (v) => (Math.trunc(v) << 24) >> 24 },
  int16: { note: 'wrapped at 16 bits (a SMALLINT column)', apply: (v) => (Math.trunc(v) << 16) >> 16 },
  int32: { note: 'wrapped at 32 bits (an INT column)', apply: (v) => Math.trunc(v) | 0 },
};

/** Numeric create fields, where an entry carries them, and the widths each is tried at. */
const numbers: { route: string; path: string; field: string[]; clause: ClauseId; kinds: string[] }[] = [
  { route: 'vehicles.create', path: '/vehicles', field: ['year'], clause: 'VEHICLE-CREATE-ROUNDTRIP', kinds: ['int8'] },
  {
    route: 'vehicles.create',
    path: '/vehicles',
    field: ['mileage'],
    clause: 'VEHICLE-CREATE-ROUNDTRIP',
    kinds: ['int16', 'int32'],
  },
  {
    route: 'items.create',
    path: '/items',
    field: ['partDetails', 'costPerUnit'],
    clause: 'ITEM-CREATE-ROUNDTRIP',
    kinds: ['truncated', 'rounded-1', 'int8'],
  },
  {
    route: 'items.create',
    path: '/items',
    field: ['partDetails', 'pricePerUnit'],
    clause: 'ITEM-CREATE-ROUNDTRIP',
    kinds: ['truncated'],
  },
  {
    route: 'items.create',
    path: '/items',
    field: ['tireDetails', 'costPerUnit'],
    clause: 'ITEM-CREATE-ROUNDTRIP',
    kinds: ['truncated'],
  },
];

/** A record with the number at `path` changed in place, if it holds one there. */
function changeNumber(r: Record<string, Json>, path: string[], f: (v: number) => number): void {
  const [head, ...rest] = path;
  const v = r[head!];
  if (!rest.length) {
    if (typeof v === 'number') r[head!] = f(v);
  } else if (v && typeof v === 'object') changeNumber(v, rest, f);
}

/**
 * The create stores the number changed (the column's width or scale), after validation: the records
 * the answer shows as created are changed in the store and in the answer alike. A create's
 * `partDetails`/`tireDetails` are stored as `details`.
 */
function storedNumber(path: string, field: string[], f: (v: number) => number) {
  const stored = field[0] === 'partDetails' || field[0] === 'tireDetails' ? ['details', ...field.slice(1)] : field;
  const key = path === '/vehicles' ? 'vehicleId' : 'itemId';
  const kind = field[0] === 'partDetails' ? 'part' : field[0] === 'tireDetails' ? 'tire' : undefined;
  return wrapRoute('POST', path as '/vehicles', (next: Handler) => async (ctx: RequestContext) => {
    const reply = await next(ctx);
    if (!isSuccess(reply)) return reply;
    const body = copy(reply.body);
    for (const r of objectsWhere(body, (o) => key in o)) {
      if (kind && r.itemType !== kind) continue;
      changeNumber(r, stored, f);
      for (const c of ctx.store.companies.values()) {
        const rec = (key === 'vehicleId' ? c.vehicles : c.items).get(String(r[key])) as Json;
        if (rec) changeNumber(rec, stored, f);
      }
    }
    return { ...reply, body };
  });
}

/** The stored vehicle an update entry names, in whichever company holds it. */
const storedVehicle = (ctx: RequestContext, id: unknown) => {
  for (const c of ctx.store.companies.values()) {
    const v = c.vehicles.get(String(id));
    if (v) return v as unknown as Record<string, Json>;
  }
  return undefined;
};

/** PUT /vehicles, then each updated vehicle's stored record changed by `after` (the entry as sent beside it). */
function afterVehicleUpdate(
  after: (stored: Record<string, Json>, entry: Record<string, Json>, all: Record<string, Json>[]) => void,
) {
  return wrapRoute('PUT', '/vehicles', (next: Handler) => async (ctx: RequestContext) => {
    const reply = await next(ctx);
    if (!isSuccess(reply)) return reply;
    const entries = entriesOf(ctx.body);
    for (const e of entries) {
      const stored = storedVehicle(ctx, e.vehicleId);
      if (stored) after(stored, e, entries);
    }
    return reply;
  });
}

/** Vehicle fields an update may leave unsent, and their value once wrongly cleared. */
const clearable: Record<string, Json> = { notes: '', color: '', engine: '', licensePlate: '', mileage: 0 };

export function fidelityOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const n of numbers)
    for (const kind of n.kinds) {
      const { note, apply } = numeric[kind]!;
      out.faults.push(
        generated(
          'fidelity',
          `${n.route}.${n.field.join('.')}:${kind}`,
          n.clause,
          `POST ${n.path} stores ${n.field.join('.')} ${note}.`,
          storedNumber(n.path, n.field, apply),
        ),
      );
    }
  for (const [field, blank] of Object.entries(clearable))
    out.faults.push(
      generated(
        'fidelity',
        `vehicles.update.${field}:unsent-cleared`,
        'VEHICLE-UPDATE-PARTIAL',
        `PUT /vehicles clears ${field} when an entry does not send it (a whole-row update from a DTO with defaults).`,
        afterVehicleUpdate((stored, e) => {
          if (!(field in e)) stored[field] = blank;
        }),
      ),
    );
  out.faults.push(
    generated(
      'fidelity',
      'vehicles.update.tags:nested-lost',
      'VEHICLE-UPDATE-PARTIAL',
      'PUT /vehicles drops the tags of a vehicle whose entry does not send them (the join table rewritten from the entry).',
      afterVehicleUpdate((stored, e) => {
        if (!('tags' in e)) stored.tags = [];
      }),
    ),
  );
  for (const field of ['notes', 'color', 'mileage'])
    out.faults.push(
      generated(
        'fidelity',
        `vehicles.update.${field}:bulk-bleed`,
        'VEHICLE-UPDATE-PARTIAL',
        `PUT /vehicles gives every entry that sends ${field} the first such entry's value.`,
        afterVehicleUpdate((stored, e, all) => {
          const first = all.find((x) => field in x);
          if (first && field in e) stored[field] = first[field];
        }),
      ),
    );
  out.faults.push(
    generated(
      'fidelity',
      'vehicles.list.notes:cut-20',
      'VEHICLE-CREATE-ROUNDTRIP',
      'GET /vehicles shows notes cut to 20 characters (a list view served from a narrow index column); reads by id show them whole.',
      editReply('GET', '/vehicles', (body) => {
        const b = copy(body);
        for (const v of b?.results?.content ?? [])
          if (typeof v?.notes === 'string' && v.notes.length > 20) v.notes = v.notes.slice(0, 20);
        return b;
      }),
    ),
  );
  for (const [target, why] of [
    [
      '*.text:encoding',
      'silences S-TEXT (stored as sent, NFC, or 4-byte characters refused): a text changed in every view alike is a choice; in one view only it is the list-cut fault above',
    ],
    ['customers.update:unsent-cleared', 'hand-written: customers-update-resets-unsent (CUSTOMER-UPDATE-PARTIAL)'],
    ['*.create:bulk-bleed', 'the bulk operator: bulk:<write>:spread-<field>'],
  ] as const)
    out.unreached.push({ operator: 'fidelity', target, why });
  return out;
}
