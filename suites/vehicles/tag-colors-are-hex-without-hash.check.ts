import { hexColorWithoutHash } from '../../contract/schemas.js';
import type { ApiResponse } from '../../harness/client.js';
import { fieldMismatch, fieldValue, isRecord, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import type { Rec } from '../common/adapter.js';
import { vehicles } from './adapter.js';
import { fixtureReads, vehicleFixture, vehicleSample } from './fixtures.js';

const tagsOf = (r: Rec) => {
  const tags = fieldValue(r, ['tags']);
  return Array.isArray(tags) ? tags.filter(isRecord) : [];
};
const badColors = (id: string, r: Rec, res: ApiResponse): Failure[] =>
  tagsOf(r)
    .filter((t) => !hexColorWithoutHash.safeParse(t.color).success)
    .map((t) => ({
      kind: 'shape-violation',
      message: `${id} tag ${JSON.stringify(t.name)} has color ${JSON.stringify(t.color)}`,
      issue: 'not hexadecimal RGB without #',
      expected: 'hexadecimal RGB without #',
      actual: t.color,
      ...(res.exchangeId ? { exchange: res.exchangeId } : {}),
    }));

// §2.1 Tag.color: hexadecimal RGB without a leading #, returned as sent. The letter case is not stated, so it is not compared.
conformance('VEHICLE-TAG-COLOR', { variant: 'created', needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const fx = await vehicleFixture(ctx);
  const problems: Failure[] = [];
  let judged = 0;
  for (const { role, id, record, read } of fixtureReads(fx)) {
    await ctx.cite(read);
    const read_ = tagsOf(record);
    problems.push(...badColors(id, record, read));
    for (const sent of fx.inputs[role].tags) {
      judged += 1;
      const back = read_.find(
        (t) => t.name === sent.name && String(t.color).toLowerCase() === sent.color.toLowerCase(),
      );
      if (!back)
        problems.push(
          fieldMismatch(
            `${id}: tag ${JSON.stringify(sent.name)} read back`,
            'tags[].color',
            sent.color,
            read_.filter((t) => t.name === sent.name).map((t) => t.color),
            read,
          ),
        );
    }
  }
  if (judged === 0) ctx.inconclusive('no created vehicle with tags could be read back');
  verdict(
    ctx,
    problems,
    'tag colors are not returned as sent, in hexadecimal RGB without #',
    judged,
    'tags sent and read back',
  );
});

conformance('VEHICLE-TAG-COLOR', 'listed', async (ctx: CheckContext) => {
  const res = await vehicleSample(ctx);
  precondition(ctx, res, 'GET /vehicles');
  await ctx.cite(res);
  const tagged = vehicles.records(res).filter((r) => tagsOf(r).length > 0);
  if (!tagged.length) ctx.skip('no vehicle on the first page carries tags');
  verdict(
    ctx,
    tagged.flatMap((r) => badColors(vehicles.idOf(r) ?? '?', r, res)),
    'listed vehicles carry tag colors that are not hexadecimal RGB without #',
    tagged.length,
    'listed vehicles with tags',
  );
});
