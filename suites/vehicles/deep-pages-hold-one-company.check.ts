import type { ApiResponse } from '../../harness/client.js';
import { isSuccess, leaked, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { withoutEchoes } from '../common/tenancy.js';
import type { Rec } from '../common/adapter.js';
import { vehicles } from './adapter.js';
import { vehicleSample } from './fixtures.js';

/** Where a deep page starts (issue 28: a big company's list mixing in another company past offset 1,000). */
const DEEP_OFFSET = 1000;

/** A listed vehicle as a whole: the same record in two answers serialises alike (ids alone may repeat across companies). */
const whole = (r: Rec) => JSON.stringify(r);

/** The records of an answer, keyed by id and whole value (a page past the end shows none: S-8-past-the-end). */
function recordsOf(res: ApiResponse | undefined): Map<string, Rec> {
  if (!res || !isSuccess(res)) return new Map();
  const found = vehicles.records({ ...res, json: withoutEchoes(res.json) } as ApiResponse);
  return new Map(found.flatMap((r) => (vehicles.idOf(r) ? [[`${vehicles.idOf(r)} ${whole(r)}`, r] as const] : [])));
}

/**
 * §1: every vehicle belongs to one company, however deep its page. A big company's list may be cut
 * from another path past offset 1,000 (a search index, keyset paging) that loses the company
 * predicate, so the narrowed tenancy probes, whose lists end long before, never see it. The page
 * of the company's unnarrowed list that starts past offset 1,000 (asked only when its reported
 * total reaches it) and the same page of OTHER_COMPANY_ID's list must share no vehicle, and the
 * other company's page must show none of the company's first page (the shared sample, not read
 * again). A record is the same only when its id and whole value agree, so ids counted per company
 * never make a sighting.
 */
conformance(
  'TENANT-LIST-ISOLATION',
  { variant: 'vehicles-deep-pages', needs: ['otherCompany'] },
  async (ctx: CheckContext) => {
    const other = ctx.need(ctx.target.otherCompanyId, 'OTHER_COMPANY_ID is not set');
    const sample = await vehicleSample(ctx);
    if (!isSuccess(sample)) ctx.inconclusive(`precondition: GET /vehicles was refused (${sample.status})`);
    await ctx.cite(sample);
    const first = recordsOf(sample);
    if (!first.size) ctx.skip('the company lists no vehicle');
    const total = vehicles.total(sample);
    // The page size the server served (it may clamp what was asked: S-8-max-page-size).
    const size = total !== undefined && total > first.size ? first.size : 50;
    const page = Math.floor(DEEP_OFFSET / size) + 1;
    const [own, theirs] = await Promise.all([
      total !== undefined && total > DEEP_OFFSET ? vehicles.list(ctx, { size, page }) : undefined,
      vehicles.list(ctx, { size, page }, other),
    ]);
    // An empty deep page of the other company compares nothing: a skip with its reason, never a pass.
    if (!recordsOf(theirs).size)
      ctx.skip(
        `company ${other} lists no vehicle on page ${page} at size ${size} (past offset ${DEEP_OFFSET}): no deep page to compare`,
      );
    const ownDeep = recordsOf(own);
    const ours = new Map([...first, ...ownDeep]);
    const problems: Failure[] = [];
    for (const [key, r] of recordsOf(theirs))
      if (ours.has(key))
        problems.push(
          leaked(
            `vehicle ${vehicles.idOf(r)}`,
            `listed by company ${ctx.companyId} (${ownDeep.has(key) ? `page ${page}` : 'page 1'}) and by company ${other} on page ${page} at size ${size}, past offset ${DEEP_OFFSET}: a record of one company in another's list`,
            theirs!,
          ),
        );
    ctx.observe(
      `page ${page} at size ${size}, past offset ${DEEP_OFFSET}`,
      `${own ? `company ${ctx.companyId}: ${own.status}, ${ownDeep.size} record(s); ` : ''}company ${other}: ${theirs.status}, ${recordsOf(theirs).size} record(s)`,
    );
    verdict(
      ctx,
      problems,
      "a deep page of one company's vehicles lists another company's",
      ours.size,
      'vehicles of the company looked for on a deep page of another company',
    );
  },
);
