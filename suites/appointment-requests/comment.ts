import { fieldMismatch } from '../../harness/checks/index.js';
import { fail } from '../common/judge.js';
import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { listedRecord, type FixtureView } from './fixtures.js';
import { descriptionOf, words } from './records.js';

/** The comment a record lists in description (§4.5 create rule 2), as a string. */
export function listedComment(record: Rec): string | undefined {
  const v = descriptionOf(record);
  return typeof v === 'string' ? v : undefined;
}

/**
 * The precondition of the notes and precedence clauses: a comment sent as description alone (A)
 * comes back in description, words and order alike (APPT-DESCRIPTION-LISTED judges it). Otherwise
 * the list does not show comments where §4.5 says, and what B or C show proves nothing of their rule.
 */
export function descriptionRoundTrips(ctx: CheckContext, view: FixtureView): void {
  const { record } = listedRecord(ctx, view, 'A');
  const sent = view.fx.planned.A.body.description!;
  const listed = listedComment(record);
  if (listed === undefined || words(listed) !== words(sent)) {
    ctx.inconclusive(
      `precondition: a comment sent as description alone does not come back in description (listed ${JSON.stringify(descriptionOf(record))}); APPT-DESCRIPTION-LISTED judges that`,
    );
  }
}

/** The comment a role's record lists must be `sent`, compared word for word (whitespace layout is APPT-LINE-BREAKS' rule). */
export function expectComment(
  ctx: CheckContext,
  record: Rec,
  /** The page that shows the record: the failure's exchange. */
  res: ApiResponse,
  sent: string,
  what: string,
  explain: (listed: unknown) => string = () => '',
): void {
  const listed = listedComment(record);
  if (listed === undefined || words(listed) !== words(sent)) {
    fail(
      `${what}: the listed description is not the comment sent${explain(descriptionOf(record))}`,
      fieldMismatch(what, 'description', sent, descriptionOf(record) ?? 'absent', res),
    );
  }
  ctx.saw(1, `${what}: the listed description is the comment sent`);
}
