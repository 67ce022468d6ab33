import { conformance, type CheckContext } from '../../harness/conformance.js';
import {
  buildPartWithoutDetails,
  buildPartWithTireDetails,
  buildTireWithoutDetails,
  buildTireWithPartDetails,
} from '../../generators/items.js';
import { expectItemRefusedAtEveryPosition } from './probes.js';

// §4.2 rules: partDetails is required for a part, tireDetails for a tire (required-field), each
// probed at every position of a bulk beside a valid part and tire. A part (tire) carrying only the
// other kind's details lacks its own just the same.
const probes = [
  ['ITEM-PART-NEEDS-DETAILS', 'part', 'no details', buildPartWithoutDetails, 0],
  ['ITEM-PART-NEEDS-DETAILS', 'part', 'tireDetails instead', buildPartWithTireDetails, 1],
  ['ITEM-TIRE-NEEDS-DETAILS', 'tire', 'no details', buildTireWithoutDetails, 0],
  ['ITEM-TIRE-NEEDS-DETAILS', 'tire', 'partDetails instead', buildTireWithPartDetails, 1],
] as const;
for (const [clause, type, variant, build, index] of probes) {
  conformance(clause, { variant, needs: ['write'] }, async (ctx: CheckContext) =>
    expectItemRefusedAtEveryPosition(ctx, {
      deal: { clause, index, of: 2 },
      bad: `a ${type} lacking ${type}Details (${variant})`,
      label: `${type}-${variant}`,
      build,
    }),
  );
}
