import { containsText, leaked } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, precondition } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { searchRead } from './filters.js';

// §4.1 GET /vehicles?search=: the vehicle carrying a unique word comes back, and none without it.
// Which fields search covers, and how it matches, are not shown: the word sits in the name, notes,
// plate and VIN of one vehicle, and a search that finds it nowhere is inconclusive, not failed.
conformance('VEHICLE-FILTER-SEARCH', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const { term, carrier, other, res } = await searchRead(ctx);
  await ctx.cite(res);
  precondition(ctx, res, `GET /vehicles?search=${term}`);
  const records = vehicles.records(res);
  const ids = records.map(vehicles.idOf);
  // The word is the run's own and random: only the run's vehicle carries it, and list records show
  // the request fields (§2.1), so another record that shows it nowhere was not matched by it. The
  // carrier itself is known to carry it, whatever fields the list shows.
  const strays = records
    .filter((r) => vehicles.idOf(r) !== carrier && !containsText(r, term, true))
    .map((r) => String(vehicles.idOf(r)));
  const problems = strays.map((id) => leaked(id, `it carries "${term}" in no field`, res));
  if (ids.includes(other) && !strays.includes(other))
    problems.push(leaked(other, `it is the run's other vehicle and carries "${term}" nowhere`, res));
  if (problems.length) fail(`search=${term} returned vehicles without the term`, ...problems);
  ctx.saw(records.length, 'searched vehicles carrying the term');
  if (!ids.includes(carrier)) {
    ctx.observe(
      'search did not find the vehicle',
      `fields carrying the term: vehicleName, notes, licensePlate, vin; ${records.length} other record(s) came back`,
    );
    ctx.inconclusive(
      `search=${term} did not find vehicle ${carrier}, which carries it in its name, notes, plate and VIN; which fields search covers is not shown (§4.1)`,
    );
  }
  ctx.saw(1, 'vehicle found by its unique word');
  ctx.saw(1, 'vehicle without the word left out');
});
