import { expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { createPair, expectListed, legacyWindow, listAll, requireListAnswers, selectionProblems, standardReference, windowAround } from './support.js';

// §4.5 list: appointmentStartDate/appointmentEndDate, sent alone, filter like the standard names.
conformance('APPT-LEGACY-ALIAS', { needs: ['write', 'location'] }, async (ctx) => {
  const [{ a, b }] = await Promise.all([createPair(ctx, 'legacy'), requireListAnswers(ctx)]);
  const [wa, wb] = [windowAround(a.day), windowAround(b.day)];
  const [la, lb] = await Promise.all([listAll(ctx, legacyWindow(wa)), listAll(ctx, legacyWindow(wb)), standardReference(ctx, a, b)]);
  const whatA = `appointmentStartDate=${wa.start}&appointmentEndDate=${wa.end}`;
  const whatB = `appointmentStartDate=${wb.start}&appointmentEndDate=${wb.end}`;
  expectListed(la, whatA);
  expectListed(lb, whatB);
  expectNoViolations([...selectionProblems(la, whatA, a, b), ...selectionProblems(lb, whatB, b, a)], 'the legacy aliases alone do not filter like appointmentDateStart/End');
});
