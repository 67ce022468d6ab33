import { expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { createPair, expectListed, listAll, requireListAnswers, selectionProblems, standardWindow, startsOutside, windowAround } from './support.js';

// §4.5 list: appointmentDateStart/End filter on the request's start. Two requests a week apart,
// each window must list its own and not the other's.
conformance('APPT-FILTER-APPOINTMENT-DATE', { needs: ['write', 'location'] }, async (ctx) => {
  const [{ a, b }] = await Promise.all([createPair(ctx, 'appt-window'), requireListAnswers(ctx)]);
  const [wa, wb] = [windowAround(a.day), windowAround(b.day)];
  const [la, lb] = await Promise.all([listAll(ctx, standardWindow(wa)), listAll(ctx, standardWindow(wb))]);
  const whatA = `appointmentDateStart=${wa.start}&appointmentDateEnd=${wa.end}`;
  const whatB = `appointmentDateStart=${wb.start}&appointmentDateEnd=${wb.end}`;
  expectListed(la, whatA);
  expectListed(lb, whatB);
  expectNoViolations(
    [
      ...selectionProblems(la, whatA, a, b),
      ...selectionProblems(lb, whatB, b, a),
      ...startsOutside(la.records, wa).map((p) => `${whatA}: ${p}`),
      ...startsOutside(lb.records, wb).map((p) => `${whatB}: ${p}`),
    ],
    'the appointment-date filter does not hold',
  );
});
