import { conformance, type CheckContext } from '../../harness/conformance.js';
import { descriptionRoundTrips, expectComment } from './comment.js';
import { citeFixture, fixtureView, listedRecord } from './fixtures.js';
import { words } from './records.js';

const notesWon = (notes: string) => (listed: unknown) =>
  typeof listed === 'string' && words(listed) === words(notes) ? ' (the notes won)' : '';

// §4.5 create rule 2: with description and notes both sent, description is the comment. Judged both
// ways, so that no rule other than the name passes by chance (the first field of the body, the
// longer text): request C sent description first, request L sent notes first and longer; the list
// shows description's text for each. Judged once a description-alone comment (A) is shown to come
// back (APPT-DESCRIPTION-LISTED's rule); L only where it was created and found (it is multi-day).
conformance('APPT-DESCRIPTION-WINS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { record, seen, res } = listedRecord(ctx, view, 'C');
  await citeFixture(ctx, view, 'A', 'C');
  await ctx.cite(view.fx.long.create);
  descriptionRoundTrips(ctx, view);
  expectComment(
    ctx,
    record,
    res,
    seen.planned.body.description!,
    `request C (description, then notes), listed in ${seen.where}`,
    notesWon(seen.planned.body.notes!),
  );
  const long = view.long;
  if (!long.record)
    return ctx.partial(
      'request C (description, then notes)',
      `request L (notes, then description) not judged: ${long.create.status >= 300 ? `its create was refused (HTTP ${long.create.status})` : 'not found in W_A, W_B or the plain list'}`,
    );
  expectComment(
    ctx,
    long.record,
    long.shownIn ?? long.create,
    long.planned.body.description!,
    `request L (notes, then description), listed in ${long.where}`,
    notesWon(long.planned.body.notes!),
  );
});
