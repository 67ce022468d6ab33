import { bulkArray, companyOf } from '../context.js';
import { badRequest, notFound, type Reply } from '../http.js';
import type { CompanyData, CustomerRecord } from '../model.js';
import { dateParam, inWindow, pageRequest, slice, type PageRequest } from '../query.js';
import type { RequestContext, Route } from '../types.js';
import {
  idField,
  listOf,
  listParam,
  objectAt,
  oneOfValues,
  presentFields,
  tag,
  text,
  type FieldReader,
  type Readers,
} from './fields.js';
import { pagination, resultsReply, singleResultReply, writeReply } from './results-envelope.js';

/**
 * Customers: §2.3, §3 archive, §4.3 endpoints. Bodies, parameters and shapes are "not shown":
 * the mock reuses the vehicles envelopes and the field names of the platform's public docs.
 */

type Address = CustomerRecord['address'];
type Email = CustomerRecord['emails'][number];
type Phone = CustomerRecord['phones'][number];
type Editable = Omit<CustomerRecord, 'customerId' | 'companyId' | 'createdDate' | 'updatedDate' | 'address'>;

/** An email as a plain string or as { email, type }; stored as the object. */
const email: FieldReader<Email> = (v, at) => {
  const o = typeof v === 'string' ? { email: v } : objectAt(v, at);
  const address = text(254)(o.email, `${at}.email`);
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) badRequest(`${at} must be an email address`);
  return { email: address, type: o.type === undefined ? 'Primary' : text(30)(o.type, `${at}.type`) };
};

/** A phone as a plain string or as { number, type }; stored as the object. */
const phone: FieldReader<Phone> = (v, at) => {
  const o = typeof v === 'string' ? { number: v } : objectAt(v, at);
  const number = text(40)(o.number, `${at}.number`);
  if (!/\d/.test(number)) badRequest(`${at} must hold a phone number`);
  return { number, type: o.type === undefined ? 'Mobile' : text(30)(o.type, `${at}.type`) };
};

const addressFields: Readers<Address> = {
  street: text(200),
  city: text(100),
  state: text(50),
  postalCode: text(20),
  country: text(50),
};
export const blankAddress: Address = { street: '', city: '', state: '', postalCode: '', country: '' };

const readers: Readers<Editable> = {
  firstName: text(100),
  lastName: text(100),
  companyName: text(200),
  emails: listOf(email, 10),
  phones: listOf(phone, 10),
  tags: listOf(tag),
  notes: text(4000),
  locationIds: listOf(text(100), 10),
  status: oneOfValues(['Active', 'Inactive'] as const),
};

export interface Input {
  fields: Partial<Editable>;
  /** Only the address fields sent: an update merges them into the stored address (mock choice). */
  address?: Partial<Address>;
}

function inputFrom(company: CompanyData, raw: Record<string, unknown>, at: string): Input {
  const fields = presentFields(raw, readers, at);
  const unknownLocation = fields.locationIds?.find((id) => !company.locations.some((l) => l.locationId === id));
  if (unknownLocation) badRequest(`${at}.locationIds: unknown locationId ${unknownLocation}`);
  const address =
    raw.address === undefined
      ? undefined
      : presentFields(objectAt(raw.address, `${at}.address`), addressFields, `${at}.address`);
  return { fields, address };
}

export function blankCustomer(company: CompanyData): Editable {
  return {
    firstName: '',
    lastName: '',
    companyName: '',
    emails: [],
    phones: [],
    tags: [],
    notes: '',
    locationIds: company.locations.slice(0, 1).map((l) => l.locationId),
    status: 'Active',
  };
}

/** §4.3 POST (beta): a bulk create, every entry validated before any is stored. */
function create(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const now = ctx.store.now();
  const records = bulkArray(ctx, 'customers').map((raw, i): CustomerRecord => {
    const at = `customers[${i}]`;
    const { fields, address } = inputFrom(company, raw, at);
    if (!fields.firstName && !fields.lastName && !fields.companyName)
      badRequest(`${at} needs firstName, lastName or companyName`);
    return {
      customerId: ctx.store.nextId('cus'),
      companyId: company.companyId,
      ...blankCustomer(company),
      ...fields,
      address: { ...blankAddress, ...address },
      createdDate: now,
      updatedDate: now,
    };
  });
  for (const r of records) company.customers.set(r.customerId, r);
  return writeReply(`${records.length} customer(s) created`, { customers: records });
}

/** Undocumented: fields the optional search term is matched against, case-insensitively. */
export const customerSearchFields = ['firstName', 'lastName', 'companyName', 'emails', 'phones', 'notes'] as const;

function matchesSearch(c: CustomerRecord, term: string): boolean {
  const haystack = [
    c.firstName,
    c.lastName,
    c.companyName,
    c.notes,
    ...c.emails.map((e) => e.email),
    ...c.phones.map((p) => p.number),
  ];
  return haystack.some((s) => s.toLowerCase().includes(term));
}

/** §4.3 "for the specified locations": locationIds (comma list or repeated) or locationId; unknown ones are a 400. */
function locationFilter(ctx: RequestContext, company: CompanyData): Set<string> | undefined {
  const ids = [...listParam(ctx.query, 'locationIds'), ...listParam(ctx.query, 'locationId')];
  if (ids.length === 0) return undefined;
  const unknown = ids.find((id) => !company.locations.some((l) => l.locationId === id));
  if (unknown) badRequest(`unknown locationId ${unknown}`);
  return new Set(ids);
}

/** The GET /customers filters (locations, search, updated window) as one predicate; a bad value is a 400. */
export function customerFilter(ctx: RequestContext, company: CompanyData): (c: CustomerRecord) => boolean {
  const q = ctx.query;
  const locations = locationFilter(ctx, company);
  const term = (q.get('search') ?? '').trim().toLowerCase();
  const start = dateParam(q, 'updatedDateStart');
  const end = dateParam(q, 'updatedDateEnd');
  return (c) =>
    (!locations || c.locationIds.some((id) => locations.has(id))) &&
    (!term || matchesSearch(c, term)) &&
    inWindow(c.updatedDate, start, end);
}

export const byCustomerId = (a: CustomerRecord, b: CustomerRecord): number =>
  a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : 0;

/** The list envelope: one page of the matching customers and the pagination of all of them. */
export function customerListReply(
  matching: readonly CustomerRecord[],
  content: CustomerRecord[],
  page: PageRequest,
): Reply {
  return resultsReply('Customers retrieved successfully', content, pagination(matching.length, page));
}

/** §4.3 list; §1: only the customers of the company asked for. */
function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const keep = customerFilter(ctx, company);
  const page = pageRequest(ctx.query);
  const matching = [...company.customers.values()].filter(keep).sort(byCustomerId);
  return customerListReply(matching, slice(matching, page), page);
}

function existingCustomers(company: CompanyData, entries: Record<string, unknown>[]): CustomerRecord[] {
  const ids = entries.map((e, i) => idField(e, 'customerId', `customers[${i}]`));
  const missing = ids.filter((id) => !company.customers.has(id));
  if (missing.length) notFound(`unknown customerId: ${missing.join(', ')}`);
  return ids.map((id) => company.customers.get(id)!);
}

/** The customers a PUT /customers body names and, for each, the input sent (validated, none stored yet). */
export function customerUpdates(ctx: RequestContext): {
  company: CompanyData;
  targets: CustomerRecord[];
  inputs: Input[];
} {
  const company = companyOf(ctx);
  const entries = bulkArray(ctx, 'customers');
  const targets = existingCustomers(company, entries);
  const inputs = entries.map((raw, i) => inputFrom(company, raw, `customers[${i}]`));
  return { company, targets, inputs };
}

export const customersUpdatedReply = (customers: CustomerRecord[]): Reply =>
  writeReply(`${customers.length} customer(s) updated`, { customers });

/** §4.3 PUT (beta): only fields present in the body change; address fields sent are merged in. */
function update(ctx: RequestContext): Reply {
  const { targets, inputs } = customerUpdates(ctx);
  const now = ctx.store.now();
  targets.forEach((c, i) => {
    const { fields, address } = inputs[i]!;
    Object.assign(c, fields, { address: { ...c.address, ...address }, updatedDate: now });
  });
  return customersUpdatedReply(targets);
}

/** The customers a PATCH /customers body names, of the company asked for, or 404. */
export const customersToArchive = (ctx: RequestContext): CustomerRecord[] =>
  existingCustomers(companyOf(ctx), bulkArray(ctx, 'customers'));

export function customersArchivedReply(customers: readonly CustomerRecord[]): Reply {
  return writeReply(`${customers.length} customer(s) archived`, {
    customers: customers.map((c) => ({ customerId: c.customerId, status: c.status })),
  });
}

/** §4.3 PATCH, §3: archive = status Inactive; the record stays readable. */
function archive(ctx: RequestContext): Reply {
  const targets = customersToArchive(ctx);
  const now = ctx.store.now();
  for (const c of targets) {
    c.status = 'Inactive';
    c.updatedDate = now;
  }
  return customersArchivedReply(targets);
}

export const customerReply = (customer: CustomerRecord): Reply =>
  singleResultReply('Customer retrieved successfully', customer);

/** §4.3 get-by-id; §1: found only within the company asked for. */
function getById(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const customer = company.customers.get(ctx.params.customerId!);
  if (!customer) notFound('customer not found');
  return customerReply(customer!);
}

export const customerRoutes: Route[] = [
  { method: 'POST', path: '/customers', handler: create },
  { method: 'GET', path: '/customers', handler: list },
  { method: 'PUT', path: '/customers', handler: update },
  { method: 'PATCH', path: '/customers', handler: archive },
  { method: 'GET', path: '/customers/:customerId', handler: getById },
];
