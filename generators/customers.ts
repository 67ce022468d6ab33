import type { Faker } from '@faker-js/faker';
import fc from 'fast-check';
import type { Profile } from '../harness/core/profile.js';
import { compactMarker } from './random.js';
import { plainText } from './text.js';

/**
 * Builders of customer payloads (§4.3, beta). The body fields are not shown: the names follow the
 * platform's public docs (firstName, lastName, emails, phones), and the free-text field that
 * carries the marker and the field an update changes come from the profile.
 */

export type CustomerInput = Record<string, unknown>;
type CustomerNames = Pick<Profile['customers'], 'markerField'>;

let sequence = 0;
/** A word no real customer carries, unique per call and per run (letters and digits only, fixed length so no term is a prefix of another). */
export function uniqueCustomerTerm(marker: string): string {
  sequence += 1;
  return `${customerTermPrefix(marker)}${sequence.toString(36).padStart(4, '0')}`;
}

/** What every term made under one marker starts with: a single search for it can find them all. */
export const customerTermPrefix = (marker: string) => `cnfc${compactMarker(marker).toLowerCase()}`;

/** The marker text of one customer: the check's marker, then its own unique term last. */
export const customerMarkerText = (marker: string, term: string) => `conformance customer ${marker} ${term}`;

export function buildCustomer(
  f: Faker,
  marker: string,
  names: CustomerNames,
  term = uniqueCustomerTerm(marker),
): CustomerInput {
  const firstName = plainText(f.person.firstName());
  const lastName = plainText(f.person.lastName());
  return {
    firstName,
    lastName,
    emails: [
      { email: f.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(), type: 'Personal' },
    ],
    phones: [{ number: f.string.numeric(10), type: 'Mobile' }],
    [names.markerField]: customerMarkerText(marker, term),
  };
}

/** The unique term of a built customer: the last word of its marker field. */
export const customerTermOf = (input: CustomerInput, names: CustomerNames) =>
  String(input[names.markerField]).split(' ').at(-1)!;

/** A new value for a text field, different from any value a builder produces. */
export const changedName = (f: Faker) => `${plainText(f.person.lastName())}-Updated`;

// ── fast-check arbitraries ────────────────────────────────────────────────────────────────

const name = fc.stringMatching(/^[A-Z][a-z]{1,11}$/);

/** A whole valid customer; the unique term is drawn at build time. */
export function validCustomerArbitrary(marker: string, names: CustomerNames): fc.Arbitrary<() => CustomerInput> {
  return fc.record({ firstName: name, lastName: name, digits: fc.stringMatching(/^[2-9]\d{9}$/) }).map((c) => () => ({
    firstName: c.firstName,
    lastName: c.lastName,
    emails: [{ email: `${c.firstName}.${c.lastName}@example.com`.toLowerCase(), type: 'Personal' }],
    phones: [{ number: c.digits, type: 'Mobile' }],
    [names.markerField]: customerMarkerText(marker, uniqueCustomerTerm(marker)),
  }));
}

/** A new value for the profile's updatable field. */
export const customerNameChangeArbitrary = name.map((n) => `${n}-Updated`);

// ── Invalid variants: the spec shows no customer validation rule, so nothing asserts a rejection. ─

/** A customer with none of the name fields. */
export const namelessCustomerArbitrary = fc.constant({ emails: [], phones: [] });
/** A customer whose email is not an address. */
export const badEmailCustomerArbitrary = fc
  .constantFrom('not-an-email', '@', 'a@')
  .map((email) => ({ firstName: 'Bad', lastName: 'Email', emails: [{ email, type: 'Personal' }] }));
