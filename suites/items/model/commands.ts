import fc from 'fast-check';
import type { ItemCreateInput } from '../../../contract/schemas.js';
import {
  ContractViolation,
  describeResponse,
  fieldMismatch,
  isSuccess,
  unexpectedStatus,
} from '../../../harness/checks/index.js';
import { isLocated } from '../../../harness/locate/locator.js';
import { validItemArbitrary } from '../../../generators/items.js';
import { pickOf } from '../../../harness/model/run.js';
import { archiveItems, items } from '../adapter.js';
import { createItems } from '../fixtures.js';
import type { ItemEntry, ItemModel, ItemReal } from './state.js';

type ItemCommand = fc.AsyncCommand<ItemModel, ItemReal>;

const label = (m: Readonly<ItemModel>, e: ItemEntry) => `#${m.items.indexOf(e)} (${e.itemId})`;

/** What the model says about a status read; undefined when it agrees. */
function statusProblem(m: Readonly<ItemModel>, e: ItemEntry, read: unknown, where: string): string | undefined {
  if (read === e.status) return undefined;
  return e.archived
    ? `item ${label(m, e)} was archived but ${where} shows status ${JSON.stringify(read)}, expected "Inactive"`
    : `item ${label(m, e)} was never archived, yet ${where} shows status ${JSON.stringify(read)} instead of ${JSON.stringify(e.status)} (another item's archive reached it)`;
}

/** POST one part or tire, then read it: its status then is the baseline. */
export class CreateItem implements ItemCommand {
  constructor(readonly build: () => ItemCreateInput) {}
  check = () => true;
  async run(m: ItemModel, r: ItemReal): Promise<void> {
    const input = this.build();
    const { create, found } = await createItems(r.ctx, [input], { wait: r.wait });
    if (!isSuccess(create)) r.ctx.inconclusive(`precondition: POST /items was refused (${describeResponse(create)})`);
    const at = found[0];
    if (!isLocated(at))
      r.ctx.inconclusive(`precondition: the created item could not be located (${at?.why ?? 'not looked for'})`);
    const itemId = at.id;
    // The locator's read by id is the baseline.
    const res = at.read;
    const item = r.ctx.need(
      isSuccess(res) ? items.recordIn(res, itemId) : undefined,
      `precondition: the created item ${itemId} could not be read (${describeResponse(res)})`,
    );
    m.items.push({ itemId, itemNumber: input.itemNumber, status: item.status, archived: false });
  }
  toString = () => 'create';
}

/** PATCH one item (again, if already archived): the model expects Inactive from now on. */
export class ArchiveItem implements ItemCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<ItemModel>) => m.items.length > 0;
  async run(m: ItemModel, r: ItemReal): Promise<void> {
    const entry = pickOf(m.items, this.pick)!;
    const res = await archiveItems(r.ctx, [entry.itemId]);
    if (!isSuccess(res)) r.ctx.inconclusive(`precondition: PATCH /items was refused (${describeResponse(res)})`);
    r.ctx.ledger.archived('item', entry.itemId);
    Object.assign(entry, { status: 'Inactive', archived: true });
  }
  toString = () => `archive(${this.pick})`;
}

/** GET by id: an archived item stays readable and reads Inactive; the others keep their status. */
export class GetItem implements ItemCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<ItemModel>) => m.items.length > 0;
  async run(m: ItemModel, r: ItemReal): Promise<void> {
    await this.runOn(m, r, pickOf(m.items, this.pick)!);
  }
  async runOn(m: Readonly<ItemModel>, r: ItemReal, entry: ItemEntry): Promise<void> {
    // An archive may apply after its answer: read until the status agrees with the model, within the window.
    const { value: res } = await r.wait(
      `the sequence's writes to item ${entry.itemId} shown by GET /items/${entry.itemId}`,
      () => items.get(r.ctx, entry.itemId),
      (x) => (isSuccess(x) ? items.recordIn(x, entry.itemId)?.status === entry.status : false),
    );
    const item = isSuccess(res) ? items.recordIn(res, entry.itemId) : undefined;
    if (!item && entry.archived)
      throw new ContractViolation(
        'an archived item is no longer readable',
        unexpectedStatus(
          res,
          'a 2xx answer holding the item',
          `GET /items/${entry.itemId} (archived item ${label(m, entry)})`,
        ),
      );
    const found = r.ctx.need(
      item,
      `precondition: item ${entry.itemId} could not be read in the sequence (${describeResponse(res)})`,
    );
    const problem = statusProblem(m, entry, found.status, 'GET /items/{itemId}');
    if (problem)
      throw new ContractViolation(
        problem,
        fieldMismatch(`item ${entry.itemId}`, 'status', entry.status, found.status, res),
      );
    r.ctx.saw(1, 'item reads compared with the model');
  }
  toString = () => `get(${this.pick})`;
}

/** The listed record (found by its unique itemNumber) must show the status the model expects. */
export class ListItem implements ItemCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<ItemModel>) => m.items.length > 0;
  async run(m: ItemModel, r: ItemReal): Promise<void> {
    const entry = pickOf(m.items, this.pick)!;
    const { value: res } = await r.wait(
      `the sequence's writes to item ${entry.itemId} shown by GET /items?itemNumber=`,
      () => items.list(r.ctx, { itemNumber: entry.itemNumber, size: 10, page: 1 }),
      (x) => {
        // Waited for only while it shows stale: one the filter does not list is not this clause's to wait for.
        const listed = isSuccess(x) ? items.records(x).find((y) => items.idOf(y) === entry.itemId) : undefined;
        return !listed || !('status' in listed) || listed.status === entry.status;
      },
    );
    // Finding it is the itemNumber filter's business: judge only a record that is found, and only
    // when it shows a status (the fields of a list record are not shown, §2.7).
    const record = isSuccess(res) ? items.records(res).find((x) => items.idOf(x) === entry.itemId) : undefined;
    if (!record || !('status' in record)) return;
    const problem = statusProblem(m, entry, record.status, 'GET /items');
    if (problem)
      throw new ContractViolation(
        problem,
        fieldMismatch(`listed item ${entry.itemId}`, 'status', entry.status, record.status, res),
      );
    r.ctx.saw(1, 'listed items compared with the model');
  }
  toString = () => `list(${this.pick})`;
}

/** Sequences of at most `maxCommands` actions. */
export function itemCommands(marker: string, maxCommands = 8): fc.Arbitrary<Iterable<ItemCommand>> {
  const pick = fc.nat({ max: 7 });
  return fc.commands(
    [
      validItemArbitrary(marker).map((build) => new CreateItem(build)),
      pick.map((p) => new ArchiveItem(p)),
      pick.map((p) => new GetItem(p)),
      pick.map((p) => new GetItem(p)),
      pick.map((p) => new ListItem(p)),
    ],
    { maxCommands },
  );
}
