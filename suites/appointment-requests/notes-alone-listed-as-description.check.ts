import { conformance, type CheckContext } from '../../harness/conformance.js';
import { descriptionRoundTrips, expectComment } from './comment.js';
import { citeFixture, fixtureView, listedRecord } from './fixtures.js';

// §2.5, §4.5 create rule 2: notes is a write-only alias of description. Request B sent its comment
// only as notes; the list returns it in description. Judged only once a description-alone comment
// (A) is shown to come back, so a list that shows no comments at all fails APPT-DESCRIPTION-LISTED alone.
conformance('APPT-NOTES-ALIAS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { record, seen, res } = listedRecord(ctx, view, 'B');
  await citeFixture(ctx, view, 'A', 'B');
  descriptionRoundTrips(ctx, view);
  expectComment(
    ctx,
    record,
    res,
    seen.planned.body.notes!,
    `request B (comment sent only as notes), listed in ${seen.where}`,
  );
});
