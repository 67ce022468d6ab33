import { createHash } from 'node:crypto';
import { isObject } from './http.js';

/**
 * Public ids (choice uuid-ids): every vehicle, customer, item, purchase order and appointment
 * request is known to clients by a UUID (version 5, derived from the backend's id), never by the
 * backend's own id. Derived, not drawn: the primary and the replica hold the same backend ids
 * (same seed, same writes in the same order), so both map to the same UUIDs with no shared table
 * beyond the reverse index, which learns every id the server has shown.
 *
 * A malformed id is a 400 (what a typed path variable gives in Spring or Django); a well-formed id
 * the server never issued becomes a backend id that cannot exist, so the backend answers it as
 * unknown (404), after its own auth and company checks, as it would any other.
 */

export type IdKind = 'vehicle' | 'customer' | 'item' | 'purchaseOrder' | 'appointmentRequest';

/** The backend id prefixes (mock/seed and Store.nextId). */
const prefixes: Record<IdKind, RegExp> = {
  vehicle: /^veh_/,
  customer: /^cus_/,
  item: /^itm_/,
  purchaseOrder: /^po_/,
  appointmentRequest: /^apr_/,
};

/** Fields that carry an id in backend bodies, and the name a client sees. */
const fields: Record<string, { kind: IdKind; shownAs: string }> = {
  vehicleId: { kind: 'vehicle', shownAs: 'vehicleId' },
  customerId: { kind: 'customer', shownAs: 'customerId' },
  itemId: { kind: 'item', shownAs: 'itemId' },
  id: { kind: 'purchaseOrder', shownAs: 'id' },
  // Choice appointment-request-ref: §2.5 does not show the record's fields.
  appointmentRequestId: { kind: 'appointmentRequest', shownAs: 'requestRef' },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isWellFormedId = (v: string) => UUID.test(v);

/** A backend id no record has: the backend answers it as unknown. */
const UNKNOWN = 'unknown-';

function uuidV5(namespace: Buffer, name: string): string {
  const h = createHash('sha1').update(namespace).update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const namespaces = Object.fromEntries(
  (Object.keys(prefixes) as IdKind[]).map((k) => [
    k,
    createHash('sha1').update(`partner-api-v2/${k}`).digest().subarray(0, 16),
  ]),
) as Record<IdKind, Buffer>;

export type Mapped = { ok: true; id: string } | { ok: false; message: string };

export class PublicIds {
  private readonly backendOf = new Map<string, string>();

  /** The UUID clients see for a backend id; remembered so that it maps back. */
  shown(kind: IdKind, backendId: string): string {
    const id = uuidV5(namespaces[kind], backendId);
    this.backendOf.set(`${kind}|${id}`, backendId);
    return id;
  }

  /** The backend id for a client's id: malformed is refused, unknown maps to a record that cannot exist. */
  backend(kind: IdKind, publicId: string, at: string): Mapped {
    if (!isWellFormedId(publicId))
      return { ok: false, message: `${at} is not a valid id: ${JSON.stringify(publicId.slice(0, 60))}` };
    const lower = publicId.toLowerCase();
    return { ok: true, id: this.backendOf.get(`${kind}|${lower}`) ?? `${UNKNOWN}${lower}` };
  }

  /** A backend body with every id field shown as clients see it (appointment ids renamed). */
  outgoing(body: unknown): unknown {
    if (Array.isArray(body)) return body.map((v) => this.outgoing(v));
    if (!isObject(body)) return body;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      const f = fields[k];
      if (f && typeof v === 'string' && prefixes[f.kind].test(v)) out[f.shownAs] = this.shown(f.kind, v);
      else out[k] = this.outgoing(v);
    }
    return out;
  }

  /** A backend message with its ids as clients know them. */
  outgoingText(text: string): string {
    return text.replace(/\bunknown-([0-9a-f-]{36})/g, '$1').replace(/\b(?:veh|cus|itm|apr|po)_[A-Za-z0-9_]+/g, (id) => {
      const kind = (Object.keys(prefixes) as IdKind[]).find((k) => prefixes[k].test(id));
      return kind ? this.shown(kind, id) : id;
    });
  }

  /**
   * The id fields of a bulk body's entries (`array` of the body), changed in place to backend ids.
   * Non-string values are left for the backend to refuse.
   */
  incomingEntries(body: Record<string, unknown>, array: string, names: readonly string[]): Mapped | undefined {
    const entries = body[array];
    if (!Array.isArray(entries)) return undefined;
    for (const [i, entry] of entries.entries()) {
      if (!isObject(entry)) continue;
      for (const name of names) {
        const v = entry[name];
        if (typeof v !== 'string') continue;
        const m = this.backend(fields[name]!.kind, v, `${array}[${i}].${name}`);
        if (!m.ok) return m;
        entry[name] = m.id;
      }
    }
    return undefined;
  }
}

/** The id fields each bulk write names (§4.1-§4.4), by path. */
export const bulkIdFields: Record<string, { array: string; names: readonly string[] }> = {
  '/vehicles': { array: 'vehicles', names: ['vehicleId', 'customerId'] },
  '/items': { array: 'items', names: ['itemId'] },
  '/customers': { array: 'customers', names: ['customerId'] },
  '/inventoryLevels': { array: 'inventoryLevels', names: ['itemId'] },
};
