import { describeResponse, isSuccess, shapeOf } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import {
  acceptedCreate,
  describedBy,
  listAppointmentRequests,
  listedRecords,
  locate,
  plan,
  postAppointmentRequest,
  standardWindow,
  windowAround,
} from './support.js';

// §2.5, §4.5 "not shown": the record, the create body beyond §2.5 and the location parameter.
// Recorded, never failed.
conformance('APPT-RECORD-SHAPE', { needs: ['write', 'location'] }, async (ctx) => {
  const p = ctx.profile.appointmentRequests;
  ctx.observe('location parameter sent', `${p.locationParam} (query: ${p.locationInQuery}, body: ${p.locationInBody})`);
  const placed = plan(ctx, 'shape', describedBy(ctx, 'shape'));
  ctx.observe('create body sent (guessed parts: vehicle, services, customer)', shapeOf(placed.body));
  const res = await postAppointmentRequest(ctx, placed.body);
  ctx.observe('create answer', isSuccess(res) ? { status: res.status, shape: shapeOf(res.json) } : describeResponse(res));
  const created = acceptedCreate(ctx, res, placed);
  const list = await listAppointmentRequests(ctx, { ...standardWindow(windowAround(created.day)), size: 100, page: 1 });
  if (!isSuccess(list)) return ctx.inconclusive(`the list was refused: ${describeResponse(list)}`);
  ctx.observe('list answer', shapeOf(list.json, 2));
  const record = locate(listedRecords(list), created);
  ctx.observe('list record', record ? shapeOf(record) : 'the created request was not located in the list');
});
