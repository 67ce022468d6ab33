import { describeResponse, isSuccess, shapeOf } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { locationPlacement, appointmentRequests } from './adapter.js';
import { appointmentSample, fixtureView, roles } from './fixtures.js';

// §2.5, §4.5 "not shown": the record, the list envelope, the create answer and body beyond §2.5,
// the location parameter, whether the write-only notes ever shows. Recorded, never failed; no
// request of its own (the shared fixture and sample are observed).
conformance('APPT-RECORD-SHAPE', { needs: ['location'] }, async (ctx: CheckContext) => {
  ctx.observe('location parameter sent', locationPlacement(ctx));
  const sample = await appointmentSample(ctx);
  await ctx.cite(sample);
  if (!isSuccess(sample)) ctx.inconclusive(`the plain list was refused: ${describeResponse(sample)}`);
  const listed = appointmentRequests.records(sample);
  ctx.observe('list answer', shapeOf(sample.json, 2));
  ctx.observe('list record keys', [...new Set(listed.flatMap((r) => Object.keys(r)))].sort());
  ctx.observe('list total located', appointmentRequests.total(sample) ?? '(none)');
  ctx.observe('list records with notes', listed.filter((r) => 'notes' in r).length);
  if (ctx.run.mode !== 'full') return;
  const view = await fixtureView(ctx);
  await ctx.cite(...roles.map((r) => view.fx.creates[r]));
  ctx.observe('create body sent (guessed parts: vehicle, services, customer)', shapeOf(view.fx.planned.A.body));
  const created = roles.find((r) => isSuccess(view.fx.creates[r]));
  ctx.observe(
    'create answer',
    created
      ? { status: view.fx.creates[created].status, shape: shapeOf(view.fx.creates[created].json) }
      : describeResponse(view.fx.creates.A),
  );
  for (const r of roles)
    ctx.observe(
      `request ${r} as listed`,
      view.seen[r].record ? { in: view.seen[r].where, shape: shapeOf(view.seen[r].record) } : 'not found',
    );
});
