import { ContractViolation, describeResponse, expectNoViolations, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import {
  createPair,
  expectListed,
  listAll,
  listAppointmentRequests,
  listedRecords,
  selectionProblems,
  standardReference,
  standardWindow,
  windowAround,
} from './support.js';

/** A window no request can start in: any record listed with it shows the parameters were ignored. */
const pastWindow = { startDate: '2001-01-01', endDate: '2001-01-03' };

// §4.5 list rule 3: startDate and endDate are silently ignored (no 400, no filtering).
conformance('APPT-STARTDATE-IGNORED', { needs: ['write', 'location'] }, async (ctx) => {
  const { a, b } = await createPair(ctx, 'ignored');
  const wa = windowAround(a.day);
  const [plain, alone, combined] = await Promise.all([
    listAppointmentRequests(ctx, { size: 10, page: 1 }),
    listAppointmentRequests(ctx, { ...pastWindow, size: 10, page: 1 }),
    listAll(ctx, { ...standardWindow(wa), startDate: b.day, endDate: b.day }),
    standardReference(ctx, a, b),
  ]);
  if (!isSuccess(plain) || listedRecords(plain).length === 0) ctx.inconclusive(`precondition: the list without filters is refused or empty (${describeResponse(plain)})`);
  if (!isSuccess(alone)) throw new ContractViolation(`startDate/endDate alone were not ignored: ${describeResponse(alone)}`);
  if (listedRecords(alone).length === 0) throw new ContractViolation(`startDate=${pastWindow.startDate}&endDate=${pastWindow.endDate} emptied a list that holds requests: they filtered instead of being ignored`);
  const what = `appointmentDateStart/End around ${a.day} with startDate=endDate=${b.day}`;
  expectListed(combined, what);
  expectNoViolations(selectionProblems(combined, what, a, b), 'startDate/endDate changed what appointmentDateStart/End selects');
});
