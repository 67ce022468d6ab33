import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildUncreatable } from '../../generators/items.js';
import { expectItemRefusedAtEveryPosition } from './probes.js';

// §2.2, §4.2: creation accepts only part and tire. Each type is refused first, in the middle and
// last of a bulk beside a valid part and tire (every-position); under rate limits the three types
// take one position each, so every run still sees all three.
const types = ['labor', 'discount', 'fee'] as const;
types.forEach((itemType, index) => {
  conformance('ITEM-CREATE-ONLY-PART-TIRE', { variant: itemType, needs: ['write'] }, async (ctx: CheckContext) =>
    expectItemRefusedAtEveryPosition(ctx, {
      deal: { clause: 'ITEM-CREATE-ONLY-PART-TIRE', index, of: types.length },
      bad: `an item of type ${itemType}`,
      label: `uncreatable-${itemType}`,
      build: (f, marker) => buildUncreatable(f, marker, itemType),
    }),
  );
});
