import { conformance, type CheckContext } from '../../harness/conformance.js';
import { descriptionRoundTrips, expectComment } from './comment.js';
import { citeFixture, fixtureView, listedRecord } from './fixtures.js';
import { words } from './records.js';

// §4.5 create rule 2: with description and notes both sent, description is the comment. Request C
// sent both (different texts); the list shows description's. Judged once a description-alone
// comment (A) is shown to come back (APPT-DESCRIPTION-LISTED's rule).
conformance('APPT-DESCRIPTION-WINS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { record, seen } = listedRecord(ctx, view, 'C');
  await citeFixture(ctx, view, 'A', 'C');
  descriptionRoundTrips(ctx, view);
  const notes = seen.planned.body.notes!;
  expectComment(ctx, record, seen.planned.body.description!, `request C (description and notes sent), listed in ${seen.where}`, (listed) =>
    typeof listed === 'string' && words(listed) === words(notes) ? ' (the notes won)' : '',
  );
});
