import { fieldMismatch } from '../../harness/checks/index.js';
import { fail } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { PLAIN_TEXT_LINE, PLAIN_TEXT_LABEL } from '../../generators/appointment-requests.js';
import { listedComment } from './comment.js';
import { citeFixture, fixtureView, listedRecord } from './fixtures.js';
import { plainTextLine } from './records.js';

// §2.5: the comment is plain text. Request A's comment ends with a line of characters that mean
// something in HTML or Markdown (< > & * [ ] #); the list shows that line as it was typed, neither
// escaped (&lt;), stripped, nor rendered. Spaces around the line are not compared.
conformance('APPT-COMMENT-PLAIN-TEXT', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { record, res } = listedRecord(ctx, view, 'A');
  await citeFixture(ctx, view, 'A');
  const listed = listedComment(record);
  if (listed === undefined)
    ctx.inconclusive(
      'precondition: the comment of A does not come back in description; APPT-DESCRIPTION-LISTED judges that',
    );
  const sent = plainTextLine(PLAIN_TEXT_LINE)!;
  const got = plainTextLine(listed);
  if (got === undefined)
    fail(
      `the line "${PLAIN_TEXT_LINE}" of A's comment is missing from the listed description`,
      fieldMismatch('request A, listed', 'description', sent, listed, res),
    );
  if (got !== sent)
    fail(
      `A's comment line after "${PLAIN_TEXT_LABEL}" was not kept as typed`,
      fieldMismatch('request A, listed', 'description (that line)', sent, got, res),
    );
  ctx.saw(1, 'line of HTML and Markdown characters kept as typed');
});
