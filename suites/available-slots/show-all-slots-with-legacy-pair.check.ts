import { isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsLegacy, slotsReference } from './fixtures.js';
import { controlAccepted, expectEveryDay, getSlots, legacyPair, show } from './slots.js';

// §4.5 slots, parameters in pairs: showAllSlots=true keeps every day of the window whichever pair
// sets it. The preferred pair with it is SLOTS-SHOW-ALL-TRUE's check, the two pairs together
// SLOTS-STANDARD-WINS'; here the legacy pair with it, on the run's window. The legacy pair alone
// must be accepted first (SLOTS-LEGACY-PAIR judges that), else this pair shows nothing.
conformance('SLOTS-SHOW-ALL-TRUE', { variant: 'legacy pair', needs: ['location'] }, async (ctx: CheckContext) => {
  const [reference, legacy] = await Promise.all([slotsReference(ctx), slotsLegacy(ctx)]);
  await ctx.cite(reference.res, legacy.res);
  controlAccepted(ctx, reference);
  if (!isSuccess(legacy.res))
    ctx.inconclusive(
      `precondition: ${show(legacyPair(reference.window))} alone was refused; SLOTS-LEGACY-PAIR judges that`,
    );
  const res = await getSlots(ctx, { ...legacyPair(reference.window), showAllSlots: true });
  expectEveryDay(ctx, res, reference.window, 'availableSlots with the legacy pair and showAllSlots=true');
});
