import type { Faker } from '@faker-js/faker';
import { addDays, dayOf } from '../harness/checks/dates.js';
import { plainText } from './text.js';

/**
 * Builders of appointment-request create bodies (§2.5, §4.5). The spec shows only startDateTime,
 * endDateTime, description/notes, a vehicle object and a services array; the vehicle, service and
 * customer fields below are guesses (recorded by APPT-RECORD-SHAPE), kept plausible and minimal.
 * Company and location are added by the suite's support, from the profile.
 */

export interface AppointmentRequestInput {
  startDateTime: string;
  endDateTime: string;
  description?: string;
  notes?: string;
  vehicle: Record<string, unknown>;
  services: Record<string, unknown>[];
  customer?: Record<string, unknown>;
  [extra: string]: unknown;
}

export interface Comment {
  description?: string;
  notes?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** §2.5 / §4.5 create rule 1: YYYY-MM-DD HH:mm. */
export function minuteDateTime(day: string, hour: number, minute = 0): string {
  return `${day} ${pad(hour)}:${pad(minute)}`;
}

/** The same moment in ISO 8601 (YYYY-MM-DDThh:mm:ss), only to tell a refused format from a refused guess. */
export function isoDateTime(day: string, hour: number, minute = 0): string {
  return `${day}T${pad(hour)}:${pad(minute)}:00`;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A future weekday (Tuesday to Thursday, when shops are open) picked from the marker, so runs
 * spread over different days: 3 weeks ahead and up to `spread` days later (a booking horizon is not
 * shown, so the default stays within about two months).
 */
export function bookingDay(marker: string, label: string, now = new Date(), spread = 35): string {
  const ahead = 21 + (hash(`${marker}|${label}`) % spread);
  const day = addDays(dayOf(now), ahead);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const toTuesday = (2 - weekday + 7) % 7;
  return addDays(day, weekday >= 2 && weekday <= 4 ? 0 : toTuesday);
}

const services = ['Oil change', 'Brake inspection', 'Tire rotation', 'Battery check', 'Wheel alignment', 'A/C service'];

export interface StartTime {
  hour: number;
  minute: number;
}

/** A quarter-hour between 08:00 and 16:45 picked from `tag`: records of one day rarely share a start. */
export function startTimeFor(tag: string): StartTime {
  const slot = hash(tag) % 36;
  return { hour: 8 + Math.floor(slot / 4), minute: (slot % 4) * 15 };
}

/**
 * The parts of a create body beyond §2.5's dates and comment (guessed, see above), built once so that
 * the bodies of one run differ only where a check needs them to: a refusal of one body and not of
 * another then points at what differs.
 */
export interface BodyParts {
  vehicle: Record<string, unknown>;
  services: Record<string, unknown>[];
  customer: Record<string, unknown>;
}

export function bodyParts(f: Faker): BodyParts {
  const firstName = plainText(f.person.firstName());
  const lastName = plainText(f.person.lastName());
  return {
    vehicle: { year: f.number.int({ min: 2006, max: 2024 }), make: f.vehicle.manufacturer(), model: f.vehicle.model() },
    // Three services, so a forbidden field can sit first, in the middle or last of the array (§4.5 rule 3).
    services: f.helpers.arrayElements(services, 3).map((name) => ({ name })),
    customer: {
      firstName,
      lastName,
      email: f.internet.email({ firstName, lastName, provider: 'example.com' }),
      phone: f.string.numeric(10),
    },
  };
}

/** A valid body from shared parts: one hour on `day` from `at`, the comment as given. */
export function requestBody(parts: BodyParts, day: string, at: StartTime, comment: Comment): AppointmentRequestInput {
  return {
    startDateTime: minuteDateTime(day, at.hour, at.minute),
    endDateTime: minuteDateTime(day, at.hour + 1, at.minute),
    ...comment,
    vehicle: { ...parts.vehicle },
    services: parts.services.map((s) => ({ ...s })),
    customer: { ...parts.customer },
  };
}

/** A valid body: one hour on `day` from `at`, the comment as given. */
export function buildAppointmentRequest(
  f: Faker,
  day: string,
  at: StartTime,
  comment: Comment,
): AppointmentRequestInput {
  return requestBody(bodyParts(f), day, at, comment);
}

/** A one-line comment carrying `tag`, so the check finds its record again by text. */
export function taggedComment(f: Faker, tag: string): string {
  return `conformance ${tag}: ${f.lorem.sentence()}`;
}

/** A comment of several lines joined by \n (§2.5: line breaks are supported). */
export function multiLineComment(f: Faker, tag: string, lines = 3): string {
  return [`conformance ${tag}`, ...Array.from({ length: lines - 1 }, () => f.lorem.sentence())].join('\n');
}

/** Where a comment's plain-text line starts: what follows it on that line must come back as typed (§2.5). */
export const PLAIN_TEXT_LABEL = 'plain text, kept as typed:';
/** A line of characters that mean something in HTML or Markdown, which a plain-text comment keeps as they are. */
// No tag-like text (<b>): a firewall in front of a live target might refuse the whole create for it.
export const PLAIN_TEXT_LINE = `${PLAIN_TEXT_LABEL} 2 < 3 && 5 > 4, *not bold*, _not italic_, [not](a link) # not a heading`;

// ── Invalid variants: each adds exactly one field §4.5 create rule 3 forbids ──────────────

export function withVehicleName(body: AppointmentRequestInput, f: Faker): AppointmentRequestInput {
  return { ...body, vehicle: { ...body.vehicle, name: `${f.vehicle.manufacturer()} ${f.vehicle.model()}` } };
}

/** One service of the array with serviceId added (§4.5 rule 3); the other services stay valid. */
export function serviceWithId(service: Record<string, unknown>, f: Faker): Record<string, unknown> {
  return { ...service, serviceId: f.string.alphanumeric(12) };
}

/** One service of the array with title added (§4.5 rule 3). */
export function serviceWithTitle(service: Record<string, unknown>, f: Faker): Record<string, unknown> {
  return { ...service, title: f.helpers.arrayElement(services) };
}

// ── Both bounds and precedence (the both-bounds and precedence techniques) ─────────────────

/** The body ending `days` days after its start day, at the same minute: a request whose start and end lie in different windows. */
export function endingDaysLater(body: AppointmentRequestInput, days: number): AppointmentRequestInput {
  const [day, time] = body.startDateTime.split(' ') as [string, string];
  return { ...body, endDateTime: `${addDays(day, days)} ${time}` };
}

/** A comment in both fields with notes first and longer, the reverse of a body that sends description first. */
export function notesFirstComment(f: Faker, tag: string): Comment {
  const description = `conformance ${tag}: ${f.lorem.words(3)}`;
  return {
    notes: `${tag} notes sent first, longer than the description beside them: ${f.lorem.sentence(14)}`,
    description,
  };
}

/** A YYYY-MM-DD HH:mm value written day first with slashes (DD/MM/YYYY HH:mm): the same minute, not in the documented form. */
export function dayFirstForm(value: string): string {
  const [day, time] = value.split(' ') as [string, string];
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y} ${time}`;
}
