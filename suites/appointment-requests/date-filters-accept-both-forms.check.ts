import { expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import {
  createPair,
  expectListed,
  listAll,
  requireListAnswers,
  selection,
  separates,
  showSelection,
  standardWindow,
  windowAround,
  type Placed,
  type Window,
} from './support.js';

const isoForm = (w: Window): Window => ({ start: `${w.start}T00:00:00Z`, end: `${w.end}T23:59:59Z` });

// §4.5 list rule 1: date filters take YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ. Both forms must be
// accepted and select the same requests; which requests is APPT-FILTER-APPOINTMENT-DATE's concern.
conformance('APPT-DATE-FORMS', { needs: ['write', 'location'] }, async (ctx) => {
  const [{ a, b }] = await Promise.all([createPair(ctx, 'date-forms'), requireListAnswers(ctx)]);
  const cases: [Window, Placed, Placed][] = [[windowAround(a.day), a, b], [windowAround(b.day), b, a]];
  const problems: string[] = [];
  let separated = false;
  for (const [w, own, other] of cases) {
    const [dateOnly, dateTime] = await Promise.all([listAll(ctx, standardWindow(w)), listAll(ctx, standardWindow(isoForm(w)))]);
    expectListed(dateOnly, `appointmentDateStart=${w.start}&appointmentDateEnd=${w.end}`);
    expectListed(dateTime, `appointmentDateStart=${isoForm(w).start}&appointmentDateEnd=${isoForm(w).end}`);
    const [s1, s2] = [selection(dateOnly.records, [own, other]), selection(dateTime.records, [own, other])];
    separated ||= separates(s1, own, other) || separates(s2, own, other);
    if (s1.has(own.tag) !== s2.has(own.tag) || (dateOnly.complete && dateTime.complete && s1.has(other.tag) !== s2.has(other.tag))) {
      problems.push(`window ${w.start}..${w.end}: YYYY-MM-DD lists ${showSelection(s1, a, b)}, ISO 8601 lists ${showSelection(s2, a, b)}`);
    }
  }
  if (!separated && problems.length === 0) ctx.inconclusive('neither date form separates two requests a week apart (APPT-FILTER-APPOINTMENT-DATE judges that); only acceptance was shown');
  expectNoViolations(problems, 'the two date forms select different requests');
});
