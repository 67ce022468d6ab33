import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isRecord, isSuccess } from '../../harness/checks/index.js';
import type { Profile } from '../../harness/core/profile.js';
import type { Rec } from '../common/adapter.js';

/**
 * The customer body (§4.3 shows none, S-2.3-customer-body, S-4-bulk-array-key), negotiated with
 * the target: the first create is sent in the profile's shape; when the server refuses it (400,
 * 422, or a 2xx with success false), what it names (a JSON pointer, a field path, a message) picks
 * the catalogue's next realistic shape, at most MAX_EXTRA more creates. The accepted shape is used
 * for every customer write of the run, observed in the certificate, and written out by
 * `--write-profile` so the next run starts from it.
 */

export type NameForm = 'first-last' | 'name';
/** Emails or phones: an array of objects, an array of strings, or one string field (`email`, `phone`). */
export type ContactForm = 'objects' | 'strings' | 'single';

export interface CustomerBody {
  arrayField: string;
  names: NameForm;
  emails: ContactForm;
  phones: ContactForm;
}

/** Extra creates a negotiation may send after the profile's (each counted in the write budget). */
export const MAX_EXTRA = 3;

const nameForms: readonly NameForm[] = ['first-last', 'name'];
const contactForms: readonly ContactForm[] = ['objects', 'strings', 'single'];
/** The array keys of S-4-bulk-array-key, tried only when the server names one. */
const arrayKeys = ['customers', 'data', 'records', 'items'];

const oneOf = <T extends string>(v: string, all: readonly T[], fallback: T): T =>
  (all as readonly string[]).includes(v) ? (v as T) : fallback;

/** The profile's shape (CONFORMANCE_PROFILE customers.*). */
export function bodyOf(p: Profile['customers']): CustomerBody {
  return {
    arrayField: p.arrayField,
    names: oneOf(p.names, nameForms, 'first-last'),
    emails: oneOf(p.emails, contactForms, 'objects'),
    phones: oneOf(p.phones, contactForms, 'objects'),
  };
}

export const describeBody = (b: CustomerBody) =>
  `array "${b.arrayField}", names ${b.names}, emails ${b.emails}, phones ${b.phones}`;

interface Contact {
  value: string;
  type?: unknown;
}

function contactsOf(r: Rec, many: string, one: string, key: string): Contact[] | undefined {
  if (Array.isArray(r[many]))
    return (r[many] as unknown[]).map((x) =>
      isRecord(x) ? { value: String(x[key] ?? x.value ?? ''), type: x.type } : { value: String(x) },
    );
  if (typeof r[one] === 'string') return [{ value: r[one] as string }];
  return undefined;
}

function contactsAs(form: ContactForm, list: Contact[], many: string, one: string, key: string, type: string): Rec {
  if (form === 'single') return list.length ? { [one]: list[0]!.value } : {};
  if (form === 'strings') return { [many]: list.map((c) => c.value) };
  return { [many]: list.map((c) => ({ [key]: c.value, type: c.type ?? type })) };
}

/**
 * A customer (or an update's fields) in the negotiated shape, from any of the catalogue's shapes:
 * only the fields present are carried over, so an update stays partial.
 */
export function shaped(input: Rec, body: CustomerBody): Rec {
  const out: Rec = {};
  const { firstName, lastName, name, emails, email, phones, phone, ...rest } = input;
  (void emails, void email, void phones, void phone);
  if (body.names === 'name') {
    const full = name ?? ([firstName, lastName].filter((x) => x !== undefined).join(' ') || undefined);
    if (full !== undefined) out.name = full;
  } else if (firstName !== undefined || lastName !== undefined) {
    if (firstName !== undefined) out.firstName = firstName;
    if (lastName !== undefined) out.lastName = lastName;
  } else if (typeof name === 'string') {
    const [first, ...last] = name.split(' ');
    Object.assign(out, { firstName: first, lastName: last.join(' ') });
  }
  const mails = contactsOf(input, 'emails', 'email', 'email');
  if (mails) Object.assign(out, contactsAs(body.emails, mails, 'emails', 'email', 'email', 'Personal'));
  const tels = contactsOf(input, 'phones', 'phone', 'number');
  if (tels) Object.assign(out, contactsAs(body.phones, tels, 'phones', 'phone', 'number', 'Mobile'));
  return { ...out, ...rest };
}

/** What a refusal names about each dimension, read from its text (pointers, paths, messages). */
export function hintsOf(text: string, current: CustomerBody): Partial<CustomerBody> {
  const t = text.toLowerCase();
  const hints: Partial<CustomerBody> = {};
  const contact = (many: string, one: string): ContactForm | undefined => {
    const aboutMany = new RegExp(`${many}[^a-z]`).test(`${t} `);
    const aboutOne = new RegExp(`[^a-z]${one}["'\`]?\\s*(is |are )?(required|missing)`).test(` ${t}`);
    const unwanted = /not allowed|unknown|unrecognized|unrecognised|additional|not permitted|must not/;
    if (aboutMany) {
      const at = t.slice(t.indexOf(many));
      if (/string/.test(at.slice(0, 80))) return 'strings';
      if (/object/.test(at.slice(0, 80))) return 'objects';
      if (unwanted.test(at.slice(0, 80))) return 'single';
    }
    if (aboutOne) return 'single';
    return undefined;
  };
  const emails = contact('emails', 'email');
  if (emails && emails !== current.emails) hints.emails = emails;
  const phones = contact('phones', 'phone');
  if (phones && phones !== current.phones) hints.phones = phones;
  if (/(^|[^a-z])(full)?name["'`]?\s*(is |are )?(required|missing)/.test(t) && !/(first|last)name/.test(t))
    hints.names = 'name';
  else if (/(first|last)name["'`]?\s*(is |are )?(required|missing)/.test(t)) hints.names = 'first-last';
  else if (/(first|last)name[^.]*(not allowed|unknown|unrecognized|additional)/.test(t)) hints.names = 'name';
  const key = arrayKeys.find(
    (k) => k !== current.arrayField && new RegExp(`["'\`/]${k}["'\`]?[^.]{0,30}(required|missing)`).test(t),
  );
  if (key) hints.arrayField = key;
  return hints;
}

const same = (a: CustomerBody, b: CustomerBody) =>
  a.arrayField === b.arrayField && a.names === b.names && a.emails === b.emails && a.phones === b.phones;
const distance = (a: CustomerBody, b: CustomerBody) =>
  Number(a.arrayField !== b.arrayField) +
  Number(a.names !== b.names) +
  Number(a.emails !== b.emails) +
  Number(a.phones !== b.phones);

/**
 * The next shape to try: the current one with what the refusal names changed; when it names
 * nothing usable, the nearest untried shape of the catalogue (emails and phones moving together,
 * as servers usually treat both alike). Undefined when every shape was tried.
 */
export function nextBody(
  current: CustomerBody,
  refusal: string,
  tried: readonly CustomerBody[],
): CustomerBody | undefined {
  const hints = hintsOf(refusal, current);
  const all: CustomerBody[] = [];
  for (const names of nameForms)
    for (const emails of contactForms)
      for (const phones of contactForms)
        all.push({ arrayField: hints.arrayField ?? current.arrayField, names, emails, phones });
  const untried = all.filter((b) => !tried.some((t) => same(t, b)));
  const fits = (b: CustomerBody) =>
    (!hints.names || b.names === hints.names) &&
    (!hints.emails || b.emails === hints.emails) &&
    (!hints.phones || b.phones === hints.phones);
  const alike = (b: CustomerBody) => Number(b.emails !== b.phones);
  const order = (xs: CustomerBody[]) =>
    xs.sort((a, b) => distance(a, current) - distance(b, current) || alike(a) - alike(b));
  // Named: change what the server named and keep the rest; unnamed: the nearest shape.
  const named = Object.keys(hints).length ? order(untried.filter(fits)) : [];
  return named[0] ?? order(untried)[0];
}

/** Whether an answer refuses the body itself (so another shape may be accepted). */
export const refusesBody = (res: ApiResponse) =>
  res.status === 400 || res.status === 422 || (isSuccess(res) && isRecord(res.json) && res.json.success === false);

export interface Negotiation {
  body: CustomerBody;
  answer: ApiResponse;
  /** The shapes refused before, with what the server said. */
  refused: { body: CustomerBody; status: number; said: string }[];
}

/**
 * Sends one create, in the profile's shape and then in others while the server refuses the body,
 * at most MAX_EXTRA more. `send` builds and sends the request for a shape (the caller ledgers it).
 */
export async function negotiate(
  start: CustomerBody,
  send: (body: CustomerBody) => Promise<ApiResponse>,
): Promise<Negotiation> {
  const refused: Negotiation['refused'] = [];
  let body = start;
  for (let extra = 0; ; extra++) {
    const answer = await send(body);
    if (!refusesBody(answer)) return { body, answer, refused };
    refused.push({ body, status: answer.status, said: answer.text.slice(0, 300) });
    const next =
      extra < MAX_EXTRA
        ? nextBody(
            body,
            answer.text,
            refused.map((r) => r.body),
          )
        : undefined;
    if (!next) return { body, answer, refused };
    body = next;
  }
}

/** The profile keys a negotiated shape sets, for the certificate and `--write-profile`. */
export const profileKeysOf = (b: CustomerBody) => ({
  customers: { arrayField: b.arrayField, names: b.names, emails: b.emails, phones: b.phones },
});

/** The observation's name: `--write-profile` reads the learned keys from it. */
export { PROFILE_LEARNED } from '../../harness/core/profile.js';
