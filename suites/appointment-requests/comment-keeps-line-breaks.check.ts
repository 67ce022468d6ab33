import { fieldMismatch } from '../../harness/checks/index.js';
import { fail } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { listedComment } from './comment.js';
import { citeFixture, fixtureView, listedRecord } from './fixtures.js';
import { linesOf, words } from './records.js';

// §2.5: the comment is plain text and line breaks are supported. Request A sent three lines joined
// by \n; the list shows the same lines (\r\n or \r read as \n; spaces around a line not compared).
// A comment that does not come back at all is APPT-DESCRIPTION-LISTED's failure, not this one's.
conformance('APPT-LINE-BREAKS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { record, seen, res } = listedRecord(ctx, view, 'A');
  await citeFixture(ctx, view, 'A');
  const sent = seen.planned.body.description!;
  const listed = listedComment(record);
  if (listed === undefined || words(listed) !== words(sent))
    ctx.inconclusive(
      `precondition: the comment of A does not come back in description (${JSON.stringify(listed)}); APPT-DESCRIPTION-LISTED judges that`,
    );
  const [want, got] = [linesOf(sent), linesOf(listed)];
  if (JSON.stringify(want) !== JSON.stringify(got)) {
    fail(
      `a ${want.length}-line comment came back with ${got.length} line(s)`,
      fieldMismatch('request A, listed', 'description (lines)', want, got, res),
    );
  }
  ctx.saw(want.length, 'lines of a multi-line comment kept, in order');
});
