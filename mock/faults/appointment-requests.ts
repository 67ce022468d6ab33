import type { FaultDef } from './fault.js';

/** Realistic regressions of appointment requests and slots, each breaking one rule of §2.5, §4.5 or §7. */
export const appointmentRequestFaults = {
  'appt-create-datetime-iso-only': { clause: 'APPT-CREATE-DATETIME-FORMAT', description: 'Create parses startDateTime/endDateTime as ISO (YYYY-MM-DDTHH:mm) and refuses YYYY-MM-DD HH:mm with 400.' },
  'appt-notes-win-over-description': { clause: 'APPT-DESCRIPTION-WINS', description: 'With both description and notes sent, notes is stored as the comment.' },
  'appt-notes-alias-dropped': { clause: 'APPT-NOTES-ALIAS', description: 'A comment sent only as notes is dropped: description comes back empty.' },
  'appt-line-breaks-stripped': { clause: 'APPT-LINE-BREAKS', description: 'The comment is sanitised to one line: line breaks become spaces.' },
  'appt-vehicle-name-accepted': { clause: 'APPT-REJECT-VEHICLE-NAME', description: 'A create body with vehicle.name is accepted (the name is silently regenerated).' },
  'appt-service-id-accepted': { clause: 'APPT-REJECT-SERVICE-ID', description: 'A create body with services[].serviceId is accepted.' },
  'appt-service-title-accepted': { clause: 'APPT-REJECT-SERVICE-TITLE', description: 'A create body with services[].title is accepted.' },
  'appt-vehicle-name-not-returned': { clause: 'APPT-VEHICLE-NAME-GENERATED', description: 'The create response leaves out vehicle.name (it is generated later, asynchronously).' },
  'appt-appointment-end-ignored': { clause: 'APPT-FILTER-APPOINTMENT-DATE', description: 'The list never reads appointmentDateEnd, so requests after the window come back.' },
  'appt-updated-end-ignored': { clause: 'APPT-FILTER-UPDATED-DATE', description: 'The list never reads updatedDateEnd, so requests updated after the window come back.' },
  'appt-legacy-alias-ignored': { clause: 'APPT-LEGACY-ALIAS', description: 'The legacy names appointmentStartDate/appointmentEndDate are no longer read.' },
  'appt-legacy-alias-wins': { clause: 'APPT-STANDARD-WINS', description: 'When a standard date name and its legacy alias are both sent, the legacy alias wins.' },
  'appt-startdate-honoured': { clause: 'APPT-STARTDATE-IGNORED', description: 'startDate/endDate filter the list on the request start, as a last-resort alias.' },
  'appt-datetime-filter-rejected': { clause: 'APPT-DATE-FORMS', description: 'The appointment-date filters go through a date-only parser: an ISO 8601 datetime gets 400.' },
  'appt-updated-null-included': { clause: 'APPT-UPDATED-NULL-EXCLUDED', description: 'The updated-date filters fall back to createdAt when updatedAt is null (COALESCE), so untouched requests match.' },
  'slots-iso-datetime-accepted': { clause: 'SLOTS-ISO-REJECTED', description: 'availableSlots accepts an ISO 8601 datetime and truncates it to its date.' },
  'slots-slotdate-accepted': { clause: 'SLOTS-SLOTDATE-REJECTED', description: 'availableSlots reads slotDateStart/slotDateEnd as a third date pair.' },
  'slots-window-defaulted': { clause: 'SLOTS-WINDOW-REQUIRED', description: 'availableSlots without any date pair answers the next 7 days instead of 400.' },
  'slots-legacy-pair-rejected': { clause: 'SLOTS-LEGACY-PAIR', description: 'availableSlots dropped the legacy startDate/endDate pair: alone it gets 400 missing required fields.' },
  'slots-legacy-pair-wins': { clause: 'SLOTS-STANDARD-WINS', description: 'With both pairs sent, availableSlots uses startDate/endDate.' },
  'slots-show-all-default-false': { clause: 'SLOTS-SHOW-ALL-DEFAULT', description: 'showAllSlots defaults to false: days without availability are left out unless asked for.' },
} as const satisfies Record<string, FaultDef>;
