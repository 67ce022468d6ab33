import { containsText, leftOut } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, precondition } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { searchRead } from './filters.js';

// §4.1 GET /vehicles?search=: the vehicle whose full VIN is searched comes back (S-4.1-search-semantics:
// a long, unique, single-token value of one field, found by every matching the line lists). What else
// comes back is never judged: which fields search covers and how it matches are not stated, and
// n-gram, fuzzy or token matches return records that show the term nowhere; they are recorded.
conformance('VEHICLE-FILTER-SEARCH', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const { term, carrier, res } = await searchRead(ctx);
  await ctx.cite(res);
  precondition(ctx, res, `GET /vehicles?search=${term}`);
  const records = vehicles.records(res);
  const others = records.filter((r) => vehicles.idOf(r) !== carrier);
  if (others.length)
    ctx.observe(
      'other vehicles search returned (not judged)',
      `${others.length}, of which ${others.filter((r) => !containsText(r, term, true)).length} show "${term}" in no field`,
    );
  if (!records.some((r) => vehicles.idOf(r) === carrier))
    fail(
      `search=${term} did not return the vehicle with that VIN`,
      leftOut(carrier, `its VIN is ${term}, searched whole`, res),
    );
  ctx.saw(1, 'vehicle found by its full VIN');
});
