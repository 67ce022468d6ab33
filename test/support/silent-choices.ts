import type { Answer, Call, Transformation, Upstream } from '../variant/transformations.js';

/**
 * Four conforming choices where the spec is silent that the harness once misjudged (issue 25), as
 * transformations layered on the variant server (test/variant): each is what a real backend does.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const listPaths = ['/vehicles', '/items', '/customers', '/inventoryLevels', '/appointmentRequests', '/purchaseOrders'];

/** S-2.7-request-echo: every list answer links to itself with its whole query (JSON:API, HAL, Spring). */
export const listEchoesRequest: Transformation = {
  id: 'list-links-echo-query',
  why: '§2.7 shows no list links; S-2.7-request-echo: JSON:API and HAL echo the query in links.self',
  response: (c, a) => {
    if (c.method !== 'GET' || !listPaths.includes(c.path) || !isObject(a.body) || a.status >= 300) return undefined;
    const self = `/v2${c.path}?${c.query.toString()}`;
    const page = Number(c.query.get('page') ?? '1');
    const at = (p: number) => {
      const q = new URLSearchParams(c.query);
      q.set('page', String(p));
      return `/v2${c.path}?${q.toString()}`;
    };
    return { ...a, body: { ...a.body, links: { self, next: at(page + 1), prev: page > 1 ? at(page - 1) : null } } };
  },
};

/** Whether the record a PUT names reads archived upstream. */
async function archived(up: Upstream, c: Call, path: string, idKey: string, array: string): Promise<boolean> {
  const body = c.body;
  if (!isObject(body) || !Array.isArray(body[array])) return false;
  for (const e of body[array]) {
    if (!isObject(e) || typeof e[idKey] !== 'string') continue;
    const q = new URLSearchParams({ companyId: String(body.companyId ?? '') });
    const r = await up({ method: 'GET', path: `${path}/${e[idKey]}`, query: q, body: undefined });
    if (/"(vehicleStatus|status)":"Inactive"|"active":false|"archived":true/.test(JSON.stringify(r.body))) return true;
  }
  return false;
}

/** S-3-update-archived: an update of an archived vehicle or customer is refused with 409. */
export const updateArchivedRefused: Transformation = {
  id: 'update-archived-409',
  why: '§3 shows no reactivation and nothing about updating an archived record (S-3-update-archived)',
  serve: async (c, up): Promise<Answer | undefined> => {
    if (c.method !== 'PUT') return undefined;
    const hit =
      (c.path === '/vehicles' && (await archived(up, c, '/vehicles', 'vehicleId', 'vehicles'))) ||
      (c.path === '/customers' && (await archived(up, c, '/customers', 'customerId', 'customers')));
    return hit ? { status: 409, body: { error: 'Conflict', message: 'The record is archived' } } : undefined;
  },
};

/** Renames keys anywhere inside a body. */
function renamed(v: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(v)) return v.map((x) => renamed(x, names));
  if (!isObject(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [names[k] ?? k, renamed(x, names)]));
}

/** S-2.5-record-fields: the appointment-request record names its id and its start and end otherwise. */
export const appointmentFieldsRenamed: Transformation = {
  id: 'appointment-fields-renamed',
  why: '§2.5 shows no field of the appointment-request record (S-2.5-record-fields)',
  response: (c, a) => {
    if (!c.path.startsWith('/appointmentRequests') || c.path.endsWith('/availableSlots') || a.status >= 300)
      return undefined;
    const names = {
      id: 'requestRef',
      appointmentRequestId: 'requestRef',
      start: 'begins',
      end: 'ends',
      startDateTime: 'begins',
      endDateTime: 'ends',
    };
    return { ...a, body: renamed(a.body, names) };
  },
};

/**
 * S-2.3-customer-body: a gateway validates customer bodies against its own schema: emails as an
 * array of strings, refused with a JSON pointer otherwise; the service behind it (the mock) is
 * handed its own form.
 */
export const customerEmailsAsStrings: Transformation = {
  id: 'customer-emails-strings-only',
  why: '§4.3 shows no customer body (S-2.3-customer-body): a gateway accepting one realistic shape',
  request: (c) => {
    if ((c.method !== 'POST' && c.method !== 'PUT') || c.path !== '/customers' || !isObject(c.body)) return false;
    const list = c.body.customers;
    if (!Array.isArray(list)) return false;
    let changed = false;
    for (const [i, e] of list.entries()) {
      if (!isObject(e) || e.emails === undefined) continue;
      if (!Array.isArray(e.emails)) return refuse(`/customers/${i}/emails`, `customers[${i}].emails must be an array`);
      for (const [j, m] of e.emails.entries())
        if (typeof m !== 'string')
          return refuse(`/customers/${i}/emails/${j}`, `customers[${i}].emails[${j}] must be a string`);
      e.emails = e.emails.map((m) => ({ email: m, type: 'Personal' }));
      changed = true;
    }
    return changed;
  },
  response: (c, a) => {
    if (!c.path.startsWith('/customers') || c.method !== 'GET' || a.status >= 300) return undefined;
    const flat = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(flat)
        : isObject(v)
          ? Object.fromEntries(
              Object.entries(v).map(([k, x]) => [
                k,
                k === 'emails' && Array.isArray(x) ? x.map((m) => (isObject(m) ? m.email : m)) : flat(x),
              ]),
            )
          : v;
    return { ...a, body: flat(a.body) };
  },
};

function refuse(pointer: string, detail: string): Answer {
  return { status: 400, body: { title: 'Invalid request body', errors: [{ pointer, detail }] } };
}

export const silentChoices: readonly Transformation[] = [
  listEchoesRequest,
  updateArchivedRefused,
  appointmentFieldsRenamed,
  customerEmailsAsStrings,
];
