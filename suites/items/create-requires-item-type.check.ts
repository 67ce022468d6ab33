import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildPartWithout } from '../../generators/items.js';
import { expectItemRefusedAtEveryPosition } from './probes.js';

// §2.2, §4.2: a created item is a part or a tire, so an entry without itemType is refused
// (required-field), at every position of a bulk beside a valid part and tire; the run's accepted
// bulk is the valid twin. The bad entry is a whole part, partDetails included, but for its type.
conformance('ITEM-CREATE-NEEDS-TYPE', { needs: ['write'] }, async (ctx: CheckContext) =>
  expectItemRefusedAtEveryPosition(ctx, {
    deal: { clause: 'ITEM-CREATE-NEEDS-TYPE', index: 0, of: 1 },
    bad: 'a part without itemType',
    label: 'item-without-type',
    build: (f, marker) => buildPartWithout(f, marker, 'itemType'),
  }),
);
