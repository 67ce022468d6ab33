import { hexColorWithoutHash } from '../../contract/schemas.js';
import { ContractViolation, expectNoViolations, expectSuccess, fieldValue, isRecord } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { buildVehicle } from '../../generators/vehicles.js';
import { createVehicleForCheck, listVehicles, readVehicleForCheck, vehicleIdOf, vehicleRecords } from './support.js';

const tagsOf = (r: Record<string, unknown>) => {
  const tags = fieldValue(r, ['tags']);
  return Array.isArray(tags) ? tags.filter(isRecord) : [];
};
const badColors = (r: Record<string, unknown>) =>
  tagsOf(r).filter((t) => !hexColorWithoutHash.safeParse(t.color).success).map((t) => `${vehicleIdOf(r)} tag ${JSON.stringify(t.name)} has color ${JSON.stringify(t.color)}`);

// §2.1 Tag.color: hexadecimal RGB without a leading #. The letter case is not stated, so it is not compared.
conformance('VEHICLE-TAG-COLOR', { variant: 'created', needs: ['write', 'customer'] }, async (ctx) => {
  const input = buildVehicle(seededFaker(ctx.seed, 'vehicle-tag-color'), ctx.marker, ctx.target.customerId!);
  const vehicleId = await createVehicleForCheck(ctx, input);
  const record = await readVehicleForCheck(ctx, vehicleId, 'after create');
  const read = tagsOf(record);
  const problems = badColors(record);
  for (const sent of input.tags) {
    const back = read.find((t) => t.name === sent.name && String(t.color).toLowerCase() === sent.color.toLowerCase());
    if (!back) problems.push(`tag ${JSON.stringify(sent)} was sent but reads back as ${JSON.stringify(read.filter((t) => t.name === sent.name).map((t) => t.color))}`);
  }
  if (!read.length && input.tags.length) throw new ContractViolation(`vehicle ${vehicleId} was created with ${input.tags.length} tag(s) but reads back without tags`);
  expectNoViolations(problems, 'tag colors are not returned as hexadecimal RGB without #, as sent');
});

conformance('VEHICLE-TAG-COLOR', 'listed', async (ctx) => {
  const res = await listVehicles(ctx, { size: 100, page: 1 });
  expectSuccess(res, 'GET /vehicles');
  const records = vehicleRecords(res.json);
  const tagged = records.filter((r) => tagsOf(r).length > 0);
  if (!tagged.length) ctx.skip('no vehicle on the first page carries tags');
  ctx.observe('tagged vehicles on the first page', `${tagged.length} of ${records.length}`);
  expectNoViolations(tagged.flatMap(badColors), 'listed vehicles carry tag colors that are not hexadecimal RGB without #');
});
