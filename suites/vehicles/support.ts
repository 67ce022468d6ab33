import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  containsText,
  describeResponse,
  fieldValue,
  firstRecordArray,
  idsIn,
  isRecord,
  isSuccess,
  objectsWithKey,
  recordArrayWith,
  reportedTotal,
  type WalkedPage,
} from '../../harness/checks/index.js';
import type { VehicleChanges, VehicleInput } from '../../generators/vehicles.js';

/** Helpers shared by the vehicle checks (§4.1). Documented names only: companyId, vehicles, vehicleId, customerId. */

export function postVehicles(ctx: CheckContext, vehicles: VehicleInput[]): Promise<ApiResponse> {
  return ctx.api.post('/vehicles', { companyId: ctx.companyId, vehicles });
}

export function listVehicles(ctx: CheckContext, query: Query = {}, companyId = ctx.companyId): Promise<ApiResponse> {
  return ctx.api.get('/vehicles', { companyId, ...query });
}

export function getVehicle(ctx: CheckContext, vehicleId: string, companyId = ctx.companyId): Promise<ApiResponse> {
  return ctx.api.get(`/vehicles/${encodeURIComponent(vehicleId)}`, { companyId });
}

/** §4.1 PUT: each entry has vehicleId and only the fields to change. */
export function putVehicles(ctx: CheckContext, updates: (VehicleChanges & { vehicleId: string })[]): Promise<ApiResponse> {
  return ctx.api.put('/vehicles', { companyId: ctx.companyId, vehicles: updates });
}

/** §4.1 PATCH archives; each entry carries vehicleId and customerId. */
export function archiveVehicles(ctx: CheckContext, vehicles: { vehicleId: string; customerId: string }[]): Promise<ApiResponse> {
  return ctx.api.patch('/vehicles', { companyId: ctx.companyId, vehicles });
}

/**
 * The records of a vehicles list or get body: results.content as documented (§2.7), else found
 * tolerantly, so the envelope rule fails only its own check.
 */
export function vehicleRecords(body: unknown): Record<string, unknown>[] {
  if (isRecord(body) && isRecord(body.results) && Array.isArray(body.results.content)) return body.results.content.filter(isRecord);
  return recordArrayWith(body, 'vehicleId') ?? firstRecordArray(body) ?? [];
}

export const vehicleIdOf = (r: Record<string, unknown>) => String(r.vehicleId ?? fieldValue(r, ['vehicleId']) ?? '');

/** The one vehicle with this id in a list or get body. */
export function vehicleIn(body: unknown, vehicleId: string): Record<string, unknown> | undefined {
  return vehicleRecords(body).find((r) => vehicleIdOf(r) === vehicleId) ?? objectsWithKey(body, 'vehicleId').find((r) => String(r.vehicleId) === vehicleId);
}

/** The total a list reports, read from the pagination object when there is one. */
export function vehicleTotal(body: unknown): number | undefined {
  const pagination = isRecord(body) && isRecord(body.results) ? body.results.pagination : undefined;
  return reportedTotal(pagination ?? (isRecord(body) ? { ...body, results: undefined } : undefined));
}

/** One answered page of a vehicles list, as the generic paging checks want it. */
export function walkedVehiclePage(res: ApiResponse, page: number, valueOf?: (r: Record<string, unknown>) => unknown): WalkedPage {
  const records = vehicleRecords(res.json);
  return { page, ids: records.map(vehicleIdOf), total: vehicleTotal(res.json), values: valueOf ? records.map(valueOf) : undefined };
}

/** The unique search term of a built vehicle: the last word of its notes. */
export const termOf = (input: { notes: string }) => input.notes.split(' ').at(-1)!;

/** A record produced by another check of this run (created or changed during the run). */
export const fromThisRun = (ctx: CheckContext, r: Record<string, unknown>) => containsText(r, ctx.run.marker);

/** Finds a freshly created vehicle when the create response does not carry its id. */
async function locateCreated(ctx: CheckContext, input: VehicleInput): Promise<string | undefined> {
  const term = termOf(input);
  const bySearch = await listVehicles(ctx, { search: term, size: 10, page: 1 });
  const hit = isSuccess(bySearch) ? vehicleRecords(bySearch.json).find((r) => containsText(r, term)) : undefined;
  if (hit) return vehicleIdOf(hit);
  for (let page = 1; page <= 5; page++) {
    const res = await listVehicles(ctx, { customerId: input.customerId, size: 100, page });
    if (!isSuccess(res)) return undefined;
    const records = vehicleRecords(res.json);
    const found = records.find((r) => containsText(r, term));
    if (found) return vehicleIdOf(found);
    if (records.length < 100) return undefined;
  }
  return undefined;
}

/**
 * Creates vehicles as a precondition of another clause and returns their ids in order. A refusal
 * makes the check inconclusive: creation has its own checks, which keeps a diagnosis precise.
 */
export async function createVehiclesForCheck(ctx: CheckContext, inputs: VehicleInput[]): Promise<string[]> {
  const res = await postVehicles(ctx, inputs);
  if (!isSuccess(res)) ctx.inconclusive(`precondition: creating ${inputs.length} vehicle(s) failed (${describeResponse(res)})`);
  const returned = objectsWithKey(res.json, 'vehicleId');
  const ids: string[] = [];
  for (const input of inputs) {
    const term = termOf(input);
    const matched = returned.find((r) => containsText(r, term));
    const id = matched ? String(matched.vehicleId) : inputs.length === 1 && idsIn(res.json, 'vehicleId').length === 1 ? idsIn(res.json, 'vehicleId')[0] : await locateCreated(ctx, input);
    if (!id) ctx.inconclusive('precondition: a created vehicle could not be located (no vehicleId in the response, not found by its unique term)');
    ctx.ledger.created('vehicle', id!, { customerId: input.customerId });
    ids.push(id!);
  }
  return ids;
}

export async function createVehicleForCheck(ctx: CheckContext, input: VehicleInput): Promise<string> {
  return (await createVehiclesForCheck(ctx, [input]))[0]!;
}

/** Reads one vehicle back by id; an unreadable vehicle is a failed precondition. */
export async function readVehicleForCheck(ctx: CheckContext, vehicleId: string, when: string): Promise<Record<string, unknown>> {
  const res = await getVehicle(ctx, vehicleId);
  if (!isSuccess(res)) ctx.inconclusive(`precondition: reading vehicle ${vehicleId} ${when} failed (${describeResponse(res)})`);
  const record = vehicleIn(res.json, vehicleId);
  if (!record) ctx.inconclusive(`precondition: GET /vehicles/${vehicleId} ${when} did not hold that vehicle`);
  return record!;
}


/** The record's last-update time is not a documented vehicle field (§2.1): the usual names. */

/**
 * A query for a subset of vehicles that no check of this run changes: those last updated before
 * the run started (§4.1 updatedDateEnd). If the target returns nothing for it, the whole list is
 * used instead; the paging checks then rely on walking until two walks agree.
 */
export async function stableSubset(ctx: CheckContext): Promise<Query> {
  const subset = { updatedDateEnd: ctx.run.startedAt };
  const probe = await listVehicles(ctx, { ...subset, size: 1, page: 1 });
  if (isSuccess(probe) && vehicleRecords(probe.json).length > 0) return subset;
  ctx.observe('stable subset', 'updatedDateEnd before the run gave no vehicles; walked the whole list');
  return {};
}
