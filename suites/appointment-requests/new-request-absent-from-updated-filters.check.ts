import { addDays, dayOf, expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { createPlaced, describedBy, expectListed, listAll, locate, plan, requestIdOf, standardWindow, updatedAtOf, windowAround } from './support.js';

// §4.5 list rule 4: the updated-date filters match only records whose updatedAt is non-null; a new
// request may have updatedAt null and is then absent from them.
conformance('APPT-UPDATED-NULL-EXCLUDED', { needs: ['write', 'location'] }, async (ctx) => {
  const placed = await createPlaced(ctx, plan(ctx, 'fresh', describedBy(ctx, 'fresh')));
  const today = dayOf(new Date());
  const window = { updatedDateStart: addDays(today, -1), updatedDateEnd: addDays(today, 1) };
  const what = `updatedDateStart=${window.updatedDateStart}&updatedDateEnd=${window.updatedDateEnd}`;
  const [own, updated] = await Promise.all([listAll(ctx, standardWindow(windowAround(placed.day))), listAll(ctx, window)]);
  if (!own.ok) return ctx.inconclusive('precondition: the list of the new request\'s days was refused');
  const record = locate(own.records, placed);
  if (!record) ctx.inconclusive(`precondition: the new request ${placed.tag} was not found in the list of its days`);
  expectListed(updated, what);

  const problems = updated.records.filter((r) => updatedAtOf(r) === null).map((r) => `${what} lists ${requestIdOf(r) ?? '(no id)'}, whose updatedAt is null`);
  const ownUpdatedAt = updatedAtOf(record!);
  ctx.observe('updatedAt of a new request', ownUpdatedAt === undefined ? '(field absent)' : ownUpdatedAt);
  const listed = locate(updated.records, placed);
  if (ownUpdatedAt === null && listed) problems.push(`${what} lists the new request ${placed.tag}, whose updatedAt is null`);
  expectNoViolations(problems, 'the updated-date filters match records with updatedAt null');
  if (ownUpdatedAt !== null) ctx.inconclusive(`a new request's updatedAt is ${ownUpdatedAt === undefined ? 'not located' : JSON.stringify(ownUpdatedAt)}, not null, and no listed record had updatedAt null: the rule was not exercised`);
  if (!updated.complete) ctx.inconclusive(`${what} has more than 10 pages: the absence of the new request cannot be shown`);
});
