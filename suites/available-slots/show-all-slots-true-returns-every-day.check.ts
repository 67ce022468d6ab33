import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsReference } from './fixtures.js';
import { controlAccepted, expectEveryDay, getSlots, standardPair } from './slots.js';

// §4.5 slots: showAllSlots is a boolean, true by default; sent as true, every day of the window comes
// back as without it (only false may leave days out). The inner days of the run's window are judged.
conformance('SLOTS-SHOW-ALL-TRUE', { needs: ['location'] }, async (ctx: CheckContext) => {
  const reference = await slotsReference(ctx);
  await ctx.cite(reference.res);
  controlAccepted(ctx, reference);
  const res = await getSlots(ctx, { ...standardPair(reference.window), showAllSlots: true });
  expectEveryDay(ctx, res, reference.window, 'availableSlots with showAllSlots=true');
});
