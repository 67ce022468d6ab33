import { leaked } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { fail, pageShowing } from './judge.js';
import { collect } from './listing.js';
import { pairReads, rowKey, rowQuery, sameRecord, showQuery } from './pairwise.js';
import { pairwiseScopes } from './resources.js';

// §1 under every filter: the plain tenancy check narrows each list one way; here each combination
// of documented filters the pairwise check sends for COMPANY_ID (its listing is the control: it
// shows the company's records under that query) is sent for OTHER_COMPANY_ID too, and none of
// those records may come back there. Without rate limits every row is sent; under limits one row a
// run, chosen with the seed among those using a filter the plain check does not. A company predicate
// dropped beside a filter shows under any values of it: rows sending the same parameters (and paging
// alike) ask the same question of the other company, so one of them is sent.
/** The first row of each set of parameters sent (with the row's page size: a small one pages too). */
function onePerQuestion<T extends { row: { rules: readonly { name: string }[]; size?: number } }>(rows: T[]): T[] {
  const asked = new Set<string>();
  return rows.filter(({ row }) => {
    const question = `${row.rules
      .map((r) => r.name)
      .sort()
      .join('+')}@${row.size ?? ''}`;
    return !asked.has(question) && !!asked.add(question);
  });
}

for (const scope of pairwiseScopes) {
  const { adapter } = scope;
  conformance(
    'TENANT-LIST-ISOLATION',
    { variant: `${adapter.name}, filtered`, needs: ['otherCompany', ...(scope.needs ?? [])] },
    async (ctx: CheckContext) => {
      const other = ctx.need(ctx.target.otherCompanyId, 'OTHER_COMPANY_ID is not set');
      const { rows, listings } = await pairReads(ctx, scope);
      const bound = new Set(scope.companyBound ?? []);
      const shown = rows.filter((a) => {
        const l = listings.get(rowKey(a.row))!;
        return l.ok && l.records.some((r) => adapter.idOf(r)) && !a.row.rules.some((r) => bound.has(r.name));
      });
      if (!shown.length)
        ctx.inconclusive(
          `precondition: no combination of ${adapter.path} filters listed a record of company ${ctx.companyId} to look for elsewhere`,
        );
      const beyondPlain = shown.filter((a) => a.row.rules.some((r) => !scope.plainNarrowing.includes(r.name)));
      const pool = beyondPlain.length ? beyondPlain : shown;
      const chosen = ctx.frugal
        ? [seededFaker(ctx.seed, `tenancy-filtered:${adapter.name}`).helpers.arrayElement(pool)]
        : onePerQuestion(shown);
      let absent = 0;
      const unread: string[] = [];
      for (const a of chosen) {
        const own = listings.get(rowKey(a.row))!;
        await ctx.cite(...own.responses);
        const query = rowQuery(a.row);
        const there = await collect(ctx, adapter, query, { companyId: other, maxPages: 3 });
        const mine = own.records.filter((r) => adapter.idOf(r));
        const leaks = there.ok ? mine.filter((r) => there.records.some((x) => sameRecord(adapter, r, x))) : [];
        if (leaks.length) {
          fail(
            `records of company ${ctx.companyId} were listed for company ${other} under ${a.row.label}`,
            ...leaks.map((r) =>
              leaked(
                `${adapter.name} ${adapter.idOf(r)}`,
                `company ${ctx.companyId} lists it under ${showQuery(query)}; company ${other} was listed with the same filters`,
                pageShowing(there, adapter, (x) => sameRecord(adapter, r, x)),
              ),
            ),
          );
        }
        // A refused listing under a company shows nothing of it: complete for the question asked.
        if (there.ok && !there.complete)
          unread.push(`${a.row.label}: the listing of ${other} goes on past ${there.responses.length} page(s)`);
        else absent += mine.length;
      }
      ctx.observe(
        'combinations sent for the other company',
        `${chosen.map((a) => a.row.label).join('; ')}${ctx.frugal ? ` (one, chosen with SEED=${ctx.seed})` : ''}`,
      );
      if (absent === 0)
        ctx.inconclusive(`no listing of ${other} was read to its end (${unread.join('; ')}), so no absence is shown`);
      if (unread.length) ctx.observe('not read to the end', unread);
      ctx.saw(
        absent,
        `${adapter.name} records of company ${ctx.companyId} absent from company ${other}'s list under the same filters`,
      );
    },
  );
}
