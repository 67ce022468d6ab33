import { expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import {
  createPair,
  expectListed,
  legacyWindow,
  listAll,
  requireListAnswers,
  selectionProblems,
  standardReference,
  standardWindow,
  windowAround,
} from './support.js';

// §4.5 list rule 2: with a standard name and its alias both sent, the standard one wins.
// Each pair of windows selects different requests, so the winner shows in what is listed.
conformance('APPT-STANDARD-WINS', { needs: ['write', 'location'] }, async (ctx) => {
  const [{ a, b }] = await Promise.all([createPair(ctx, 'precedence'), requireListAnswers(ctx)]);
  const [wa, wb] = [windowAround(a.day), windowAround(b.day)];
  const [forA, forB] = await Promise.all([
    listAll(ctx, { ...standardWindow(wa), ...legacyWindow(wb) }),
    listAll(ctx, { ...standardWindow(wb), ...legacyWindow(wa) }),
    standardReference(ctx, a, b),
  ]);
  const whatA = `appointmentDate ${wa.start}..${wa.end} with the aliases on ${wb.start}..${wb.end}`;
  const whatB = `appointmentDate ${wb.start}..${wb.end} with the aliases on ${wa.start}..${wa.end}`;
  expectListed(forA, whatA);
  expectListed(forB, whatB);
  expectNoViolations([...selectionProblems(forA, whatA, a, b), ...selectionProblems(forB, whatB, b, a)], 'the legacy alias won over the standard name');
});
