import { inconsistency, isSuccess, unexpectedStatus } from '../../harness/checks/index.js';
import { fail } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, daysOf, daysWithin, getSlots, innerDays, laterWindow, legacyPair, show, standardPair } from './slots.js';

// §4.5 slots rules: with both pairs sent, the preferred pair wins. The legacy pair names eight days
// that share none with the run's window, so the days returned show which pair was used: those the
// preferred pair alone returns (shared reference), and none of the legacy days. An answer may echo
// its query, bounds normalised or not, so only the legacy days two or more days inside it count.
conformance('SLOTS-STANDARD-WINS', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const preferred = reference.window;
  const legacy = laterWindow(preferred);
  const query = { ...standardPair(preferred), ...legacyPair(legacy) };
  const both = await getSlots(ctx, query);
  if (!isSuccess(both)) fail('both pairs together were refused', unexpectedStatus(both, 'a 2xx status', show(query)));
  const expected = daysWithin(daysOf(reference.res), preferred);
  if (expected.length === 0) ctx.inconclusive('no day could be located in the answer to the preferred pair alone: nothing to compare with');
  const got = daysOf(both);
  const legacyInner = innerDays(legacy);
  const fromLegacy = got.filter((d) => legacyInner.includes(d));
  const missing = expected.filter((d) => !got.includes(d));
  if (fromLegacy.length || missing.length) {
    fail('the legacy pair won over the preferred pair', inconsistency(`${show(query)} returned days [${got.join(', ')}]; the preferred pair alone returns [${expected.join(', ')}]`, both, { expected, actual: got }));
  }
  ctx.saw(expected.length, 'days of the preferred pair returned with the legacy pair beside it');
  ctx.saw(legacyInner.length, 'days of the legacy pair left out');
});
