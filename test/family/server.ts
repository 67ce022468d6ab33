import type { EmbeddedFront } from '../../harness/target.js';
import type { MockOptions } from '../../mock/server.js';
import { startVariantServer, type VariantServer } from '../variant/server.js';
import { draw, rulesOf, worldOf, type Draw, type MemberKey } from './dimensions.js';
import { mockOptionsOf, startNeighbour, type Neighbour, type World } from './world.js';
import { idOut, newState, type IdForm } from './rules.js';
import { PRODUCTION, productionFront } from '../production/front.js';

/**
 * A member of the generated family: test/variant's proxy in front of a reference mock, with the
 * choice rules its seed draws (test/family/dimensions.ts). `faults` go to the mock under it, so a
 * fault is tried through a member's choices (the family fault self-check).
 */
export interface FamilyMember extends VariantServer {
  seed: MemberKey;
  draw: Draw;
  /** The fixture customer as this member writes its id. */
  customerId: string;
  /** Its data, clock and neighbour. */
  world: World;
  /** The other client writing beside the run, when the member has one. */
  neighbour?: Neighbour;
}

export async function startFamilyMember(seed: MemberKey, options: MockOptions = {}): Promise<FamilyMember> {
  const d = draw(seed);
  const state = newState();
  const world = worldOf(d);
  const server = await startVariantServer({ ...mockOptionsOf(world), ...options }, rulesOf(d, state));
  const neighbour = world.neighbour ? startNeighbour(server.mock, world.neighbour.everyMs) : undefined;
  const form = d['id-form'];
  const customerId =
    form && form !== 'mock'
      ? idOut(state, form as IdForm, server.mock.fixtures.customerId)
      : server.mock.fixtures.customerId;
  const stop = async () => {
    await neighbour?.stop();
    await server.stop();
  };
  return { ...server, stop, seed, draw: d, customerId, world, ...(neighbour ? { neighbour } : {}) };
}

/** The target id of a member (with a fault under it: `family-<seed>+<fault>`). */
export const memberId = (seed: MemberKey, fault?: string) => `family-${seed}${fault ? `+${fault}` : ''}`;

/** A member as one more target of a suite run (harness/target.ts starts it beside the conforming mock). */
export function familyFront(seed: MemberKey, fault?: string): EmbeddedFront {
  if (seed === PRODUCTION) return productionFront(memberId(seed, fault), fault);
  return {
    id: memberId(seed, fault),
    label: `family member ${seed}${fault ? ` with fault ${fault}` : ''}`,
    ...(fault ? { fault } : {}),
    start: async () => {
      const m = await startFamilyMember(seed, { faults: fault ? [fault] : [] });
      return { url: m.url, mock: m.mock, customerId: m.customerId, stop: m.stop };
    },
  };
}
