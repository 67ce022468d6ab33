import type { Faker } from '@faker-js/faker';
import type { AppointmentRequestRecord, CompanyData } from '../model.js';
import { seedContext, type SeedContext } from './profile.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';

/** Seeded appointment requests (§2.5, §4.5): enough to page through and to book some slots. */

export const SEEDED_APPOINTMENT_REQUESTS_PER_COMPANY = defaultSeedSizes.appointmentRequests;

/** Undocumented status values (§3 "not shown"): the mock's choice, see mock/README.md. */
export const appointmentRequestStatuses = ['Pending', 'Confirmed', 'Declined', 'Cancelled'] as const;
export type AppointmentRequestStatus = (typeof appointmentRequestStatuses)[number];

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** 'YYYY-MM-DD HH:mm' of a UTC instant (§2.5 create format; the mock reads it as UTC). */
export function appointmentDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

const serviceNames = [
  'Oil change',
  'Brake inspection',
  'Tire rotation',
  'Check engine light',
  'A/C service',
  'Alignment',
  'State inspection',
  'Battery replacement',
];

function startOfUtcDay(ms: number): number {
  return ms - (((ms % DAY) + DAY) % DAY);
}

function request(
  f: Faker,
  company: CompanyData,
  index: number,
  anchor: number,
  ctx: SeedContext,
): AppointmentRequestRecord {
  const location = company.locations[index % company.locations.length]!;
  let day = startOfUtcDay(anchor) + ctx.days(f.number.int({ min: -60, max: 60 })) * DAY;
  if (new Date(day).getUTCDay() === 0) day += DAY; // the shops are closed on Sundays
  const start = day + f.number.int({ min: 8, max: 16 }) * HOUR + f.helpers.arrayElement([0, 30]) * 60_000;
  const end = start + f.helpers.arrayElement([1, 1, 2, 3]) * HOUR;
  // Requested 1-20 days ahead, never after the anchor ("now" of this group).
  const createdAt = Math.min(
    start - f.number.int({ min: 1, max: 20 }) * DAY,
    anchor - f.number.int({ min: 1, max: 72 }) * HOUR,
  );
  const status = f.helpers.weightedArrayElement<AppointmentRequestStatus>([
    { weight: 5, value: 'Pending' },
    { weight: 3, value: 'Confirmed' },
    { weight: 1, value: 'Declined' },
    { weight: 1, value: 'Cancelled' },
  ]);
  // §4.5 list rule 4: a request nobody touched keeps updatedAt null; every decision updates it.
  const touched = status !== 'Pending' || f.datatype.boolean({ probability: 0.3 });
  const sinceCreated = anchor - createdAt;
  const updatedAt = touched
    ? createdAt +
      Math.min(
        f.number.int({ min: 1, max: 96 }) * HOUR,
        Math.floor(sinceCreated * f.number.float({ min: 0.05, max: 0.95 })),
      )
    : null;
  const year = f.number.int({ min: 2008, max: 2025 });
  const make = f.vehicle.manufacturer();
  const model = f.vehicle.model();
  const first = f.person.firstName();
  const last = f.person.lastName();
  return {
    appointmentRequestId: `apr_${company.companyId.slice(4, 8)}_${String(index + 1).padStart(4, '0')}`,
    companyId: company.companyId,
    locationId: location.locationId,
    startDateTime: appointmentDateTime(start),
    endDateTime: appointmentDateTime(end),
    description: f.helpers.arrayElement([
      f.lorem.sentence(),
      `${f.lorem.sentence()}\n${f.lorem.sentence()}`,
      'Noise from the front left wheel when braking.',
      '',
    ]),
    status,
    customer: {
      firstName: first,
      lastName: last,
      email: f.internet.email({ firstName: first, lastName: last }).toLowerCase(),
      phone: f.phone.number({ style: 'national' }),
    },
    vehicle: { year, make, model, name: `${year} ${make} ${model}` },
    services: f.helpers.arrayElements(serviceNames, { min: 1, max: 3 }).map((name) => ({ name })),
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
  };
}

/**
 * Half the requests sit around the seed epoch (stable data), half around today (so the slots
 * of the coming weeks show bookings). The second half changes once a day, not per run.
 */
export function seedAppointmentRequests(
  f: Faker,
  company: CompanyData,
  sizes: SeedSizes = defaultSeedSizes,
  ctx: SeedContext = seedContext(),
): void {
  for (let i = 0; i < sizes.appointmentRequests; i++) {
    const r = request(f, company, i, i % 2 === 0 ? ctx.anchor : ctx.today, ctx);
    company.appointmentRequests.set(r.appointmentRequestId, r);
  }
}
