import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expectComment } from './comment.js';
import { citeFixture, fixtureView, listedRecord } from './fixtures.js';

// §4.5 create rule 2: lists return the comment in description. Request A sent it as description
// alone; its words come back there (line breaks are APPT-LINE-BREAKS' rule, so whitespace is not compared).
conformance('APPT-DESCRIPTION-LISTED', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { record, seen, res } = listedRecord(ctx, view, 'A');
  await citeFixture(ctx, view, 'A');
  expectComment(ctx, record, res, seen.planned.body.description!, `request A, listed in ${seen.where}`);
});
