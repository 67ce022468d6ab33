import {
  fieldMismatch,
  fieldValue,
  isRecord,
  readsBackAsWritten,
  type Failure,
  type WrittenKind,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { ApiResponse } from '../../harness/client.js';
import type { VehicleInput } from '../../generators/vehicles.js';
import type { Rec } from '../common/adapter.js';
import { verdict } from '../common/judge.js';
import { vehicleFields } from './adapter.js';
import { fixtureReads, vehicleFixture } from './fixtures.js';

/** The §2.1 fields sent on create: all but the id (the service's), tags (compared as a set below) and vehicleStatus (§3). */
const sentFields = vehicleFields.filter((f) => f !== 'vehicleId' && f !== 'tags' && f !== 'vehicleStatus');

/**
 * How each field sent on create may read back (harness/checks/written.ts): identifiers in any case,
 * free-text attributes in the store's spelling (S-2.1-free-text-attributes), the region in its stored
 * form, the image empty in any empty form or rewritten, prose and numbers as sent (trimmed).
 */
const kinds: Record<(typeof sentFields)[number], WrittenKind> = {
  customerId: 'identifier',
  vin: 'identifier',
  licensePlate: 'identifier',
  state: 'stored-form-open',
  imgUrl: 'image',
  engine: 'free-text',
  color: 'free-text',
  driveType: 'free-text',
  transmission: 'free-text',
  year: 'exact',
  mileage: 'exact',
  mileageUnit: 'exact',
  make: 'prose',
  model: 'prose',
  vehicleName: 'prose',
  notes: 'prose',
};

/**
 * Fields that read back other than sent, each by its kind above. Tags are compared as a set with
 * colours case-folded (their order and letter case are not shown).
 */
function differences(id: string, sent: VehicleInput, read: Rec, res: ApiResponse): Failure[] {
  const out: Failure[] = [];
  const what = `vehicle ${id} read back`;
  for (const key of sentFields) {
    const got = fieldValue(read, [key]);
    // §2.1 states each type: the sent JSON value must come back as that value, "2019" is not 2019.
    if (!readsBackAsWritten(kinds[key], sent[key], got)) out.push(fieldMismatch(what, key, sent[key], got, res));
  }
  const tags = fieldValue(read, ['tags']);
  const readTags = Array.isArray(tags)
    ? tags
        .filter(isRecord)
        .map((t) => `${String(t.name)}|${String(t.color).toLowerCase()}`)
        .sort()
    : [];
  const sentTags = sent.tags.map((t) => `${t.name}|${t.color.toLowerCase()}`).sort();
  if (JSON.stringify(readTags) !== JSON.stringify(sentTags))
    out.push(fieldMismatch(what, 'tags', sent.tags, tags, res));
  return out;
}

// §2.1, §4.1 POST /vehicles: every field sent on create reads back as sent, each as its silence lets
// a reader require (identifiers in any case, an empty imgUrl as "", null or absent), notes keep their text. Judged on the run's created vehicles, no request of its own.
conformance('VEHICLE-CREATE-ROUNDTRIP', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const fx = await vehicleFixture(ctx);
  const problems: Failure[] = [];
  let judged = 0;
  const all: Failure[][] = [];
  for (const { role, id, record, read } of fixtureReads(fx)) {
    await ctx.cite(read);
    judged += 1;
    all.push(differences(id, fx.inputs[role], record, read));
  }
  if (judged === 0) ctx.inconclusive('precondition: no created vehicle could be read back');
  // S-2.1-vehicleName: a target may generate the name itself. It is required back only once the
  // target is seen to keep a client's name: some vehicle's name read back as sent.
  const renamed = (d: Failure[]) => d.some((f) => f.kind === 'field-mismatch' && f.field === 'vehicleName');
  const generated = all.every(renamed);
  if (generated)
    ctx.observe(
      'vehicleName read back otherwise for every vehicle (generated, S-2.1-vehicleName)',
      all.flatMap((d) =>
        d.filter((f) => f.kind === 'field-mismatch' && f.field === 'vehicleName').map((f) => f.actual),
      ),
    );
  problems.push(
    ...all.flatMap((d) => d.filter((f) => !(generated && f.kind === 'field-mismatch' && f.field === 'vehicleName'))),
  );
  verdict(
    ctx,
    problems,
    'created vehicles do not read back as sent',
    judged,
    'created vehicles compared field by field',
  );
});
