import {
  addDays,
  describeResponse,
  isRecord,
  isSuccess,
  refusalMissing,
  unexpectedStatus,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { dayFirstForm, taggedComment } from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import { fail } from '../common/judge.js';
import { postAppointmentRequest } from './adapter.js';
import { appointmentFixture, plan, roles } from './fixtures.js';

const fields = ['startDateTime', 'endDateTime'] as const;

// §2.5, §4.5 create rule 1: startDateTime and endDateTime are both YYYY-MM-DD HH:mm. Each field in
// turn is sent as the same minute written day first (DD/MM/YYYY HH:mm), the other field valid: both
// must be refused, so a format checked on one field of the pair only shows. The valid twin is the
// fixture (the same parts, both fields in the documented form, accepted). Which 4xx is not shown
// (§7 has no row for it); a 2xx whose body says success false counts as a refusal too. The bodies
// book four weeks after the fixture's first day, so one accepted by mistake adds nothing to its windows.
conformance('APPT-CREATE-DATETIME-ENFORCED', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const fx = await appointmentFixture(ctx);
  const twin = roles.find((r) => isSuccess(fx.creates[r]));
  if (!twin)
    ctx.inconclusive(
      `precondition: the fixture's bodies, both datetimes in the documented form, were refused (${describeResponse(fx.creates.A)})`,
    );
  await ctx.cite(fx.creates[twin]);
  const answers = await Promise.all(
    fields.map(async (field) => {
      const label = `datetime-${field}`;
      const placed = plan(ctx, fx.parts, label, addDays(fx.planned.A.day, 28), (tag) => ({
        description: taggedComment(seededFaker(ctx.seed, label), tag),
      }));
      const body = { ...placed.body, [field]: dayFirstForm(placed.body[field]) };
      const res = await postAppointmentRequest(ctx, body);
      const refused =
        (res.status >= 400 && res.status < 500) || (isSuccess(res) && isRecord(res.json) && res.json.success === false);
      if (isSuccess(res) && !refused)
        ctx.ledger.created('appointmentRequest', undefined, { locator: { keys: { term: placed.tag } } });
      ctx.observe(`answer to ${field} ${body[field]}`, describeResponse(res));
      return { field, value: body[field], res, refused };
    }),
  );
  const what = (a: (typeof answers)[number]) =>
    `POST /appointmentRequests/create with ${a.field} "${a.value}" (the documented form: HTTP ${fx.creates[twin].status})`;
  const problems: Failure[] = answers
    .filter((a) => !a.refused)
    .map((a) =>
      isSuccess(a.res) ? refusalMissing(a.res, what(a), 'a 4xx') : unexpectedStatus(a.res, 'a 4xx', what(a)),
    );
  if (problems.length) fail('a create datetime in another form than YYYY-MM-DD HH:mm was not refused', ...problems);
  ctx.saw(answers.length, 'create datetimes in another form refused, each field on its own');
});
