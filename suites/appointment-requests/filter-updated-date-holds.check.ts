import { ContractViolation, describeResponse, expectNoViolations, isSuccess, parseDateTime } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { expectListed, listAll, listAppointmentRequests, listedRecords, requestIdOf, updatedAtOf } from './support.js';

const farFuture = { updatedDateStart: '2999-01-01T00:00:00Z', updatedDateEnd: '2999-12-31T23:59:59Z' };
/** §4.5 list rule 1 shows the datetime form YYYY-MM-DDThh:mm:ssZ: whole seconds, no fraction. */
const documentedDateTime = (ms: number, round: (x: number) => number) => new Date(round(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const show = (r: Record<string, unknown>) => `${requestIdOf(r) ?? '(no id)'} updatedAt ${JSON.stringify(updatedAtOf(r))}`;

// §4.5 list: updatedDateStart/End filter on the last update. Records with updatedAt null are
// left to APPT-UPDATED-NULL-EXCLUDED, so one fault fails one clause.
conformance('APPT-FILTER-UPDATED-DATE', { needs: ['location'] }, async (ctx) => {
  const [sample, future] = await Promise.all([listAppointmentRequests(ctx, { size: 100, page: 1 }), listAll(ctx, farFuture, 3)]);
  if (!isSuccess(sample)) ctx.inconclusive(`precondition: GET /appointmentRequests was refused (${describeResponse(sample)}); the company/location parameters are guesses`);
  expectListed(future, 'an updated-date window in the year 2999');
  const leaked = future.records.filter((r) => updatedAtOf(r) !== null);
  if (leaked.length) throw new ContractViolation(`a window in the year 2999 listed ${leaked.length} requests, e.g. ${show(leaked[0]!)}`);

  const stamps = listedRecords(sample).map((r) => parseDateTime(updatedAtOf(r))).filter((t): t is number => t !== undefined).sort((x, y) => x - y);
  if (stamps.length < 3) {
    ctx.observe('updatedAt values', `fewer than 3 non-null updatedAt in the first page (${stamps.length}): checked only that a future window is empty`);
    return;
  }
  const start = documentedDateTime(stamps[Math.floor(stamps.length / 4)]!, Math.floor);
  const end = documentedDateTime(stamps[Math.floor((stamps.length * 3) / 4)]!, Math.ceil);
  const mid = await listAll(ctx, { updatedDateStart: start, updatedDateEnd: end });
  expectListed(mid, `updatedDateStart=${start}&updatedDateEnd=${end}`);
  const [s, e] = [Date.parse(start), Date.parse(end)];
  expectNoViolations(
    mid.records
      .filter((r) => updatedAtOf(r) !== null && updatedAtOf(r) !== undefined)
      .filter((r) => { const t = parseDateTime(updatedAtOf(r)); return t === undefined || t < s || t > e; })
      .map(show),
    `requests outside the updated window ${start} .. ${end}`,
  );
});
