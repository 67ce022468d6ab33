import type { ApiResponse, Query } from '../client.js';
import { isoSeconds } from '../checks/dates.js';
import { isSuccess } from '../checks/http.js';
import { containsText, fieldValue } from '../checks/locate.js';
import { skewOf } from '../checks/target-clock.js';
import type { RecordLocator } from '../core/events.js';
import { readWriteAnswer } from './answers.js';
import { listOf, readById, type Api, type Kind, type Scope } from './requests.js';
import { customerShape, itemShape, vehicleShape, type Rec, type Shape } from './shapes.js';
import { walkEnds, walkList, type Listing, type ListReader } from './walk.js';

/**
 * Finds the records the run created by documented means only, for the checks, the shared fixtures
 * and the cleanup alike:
 *
 * 1. ids the write answer shows (§2.7 shows `data: object` only, so there may be none) are read back
 *    by id, and count only when the record read carries the content the run sent (its VIN and
 *    plate, its itemNumber, its unique word);
 * 2. otherwise the documented filters narrow a list the records are matched in by that content:
 *    vehicles by customerId and the updated-date window around the write (§4.1), then by customerId
 *    alone, then by the window alone (a vehicle stored without its owner); items by the updated-date
 *    window (§4.2), then by their unique itemNumber; customers (§4.3 shows no query at all) through
 *    the profile's guessed search where a probe showed it matches the field their words are in
 *    (search-probe.ts), an accelerator whose finds are proven by a read by id, then a bounded walk
 *    from both ends of the list.
 *
 * Lists may show a write late: every read after the write goes through `wait` (ctx.eventually in a
 * check), and an absence is concluded only after the consistency window. The vehicles' `search` is
 * never used.
 */

export const shapes: Record<Kind, Shape> = { vehicle: vehicleShape, item: itemShape, customer: customerShape };

export interface Located {
  id: string;
  /** The record as read by id (or as listed, when the read by id was refused). */
  record: Rec;
  /** The read by id of the located record. */
  read: ApiResponse;
  via: 'answer' | 'list';
}

export interface Unlocated {
  /** True when the absence is shown: after the window, a list narrowed to it was read to its end, or the ids the answer gave never read back. */
  proven: boolean;
  why: string;
}

export type Outcome = Located | Unlocated;
export const isLocated = (o: Outcome | undefined): o is Located => !!o && 'id' in o;

export type Waiter = <T>(
  what: string,
  read: () => Promise<T>,
  shows: (value: T) => boolean,
) => Promise<{ value: T; shown: boolean }>;

export interface LocateOptions {
  api: Api;
  scope: Scope;
  /** Reads until a write shows, within the consistency window (ctx.eventually in checks). */
  wait: Waiter;
  /** The write, for the wait records and messages: 'POST /vehicles (7 vehicles)'. */
  what: string;
  /** When the write was sent (harness clock, ms): the updated-date window starts a while before it. */
  since: number;
  /** The write answer, whose ids (if any) are read back first. */
  answer?: ApiResponse;
  /** Also wait until a documented listing shows every located record (one wait per shared fixture). */
  visible?: boolean;
  /** A word every customer term starts with: one guessed search for it may find them all. */
  searchHint?: string;
  /**
   * Whether the guessed customer search was shown to match the field the terms are written in
   * (search-probe.ts, asked once per run); without it the search is never used.
   */
  searchMatches?: () => Promise<boolean>;
  /** Pages of a fallback walk, at most. */
  maxPages?: number;
}

/** A documented listing read while locating, and whether it showed every located record. */
export interface ShownListing {
  query: Query;
  listing: Listing;
  shown: boolean;
}

export interface LocateResult {
  /** One per record sought, in order. */
  outcomes: Outcome[];
  /** The narrow listing the records were waited for in (vehicles and items). */
  listing?: ShownListing;
  /** Ids the write answer gave that never read back by id within the window. */
  unreadable: string[];
  /** Every answer read, in order, to cite. */
  responses: ApiResponse[];
}

/** Clock skew and slow writers: the updated-date window starts this long before the write. */
export const WINDOW_MARGIN_MS = 10 * 60_000;

const norm = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim().toUpperCase() : undefined;

/**
 * Whether a record carries what the run sent: every key it shows equals the value sent (trimmed,
 * case-folded: whitespace and letter case are the server's choice), and it shows at least one. A
 * `term` key is a unique word looked for anywhere in the record.
 */
export function carries(record: Rec, locator: RecordLocator): boolean {
  let matched = 0;
  for (const [k, want] of Object.entries(locator.keys)) {
    if (k === 'term') {
      if (!containsText(record, want, true)) return false;
      matched += 1;
      continue;
    }
    const got = norm(fieldValue(record, [k]));
    if (got === undefined) continue;
    if (got !== norm(want)) return false;
    matched += 1;
  }
  return matched > 0;
}

const readerOf = (shape: Shape): ListReader => ({
  records: (res) => shape.records(res.json),
  total: (res) => shape.total(res.json),
  idOf: shape.idOf,
});
const queryText = (q: Query) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&');

export async function locate(kind: Kind, sought: readonly RecordLocator[], o: LocateOptions): Promise<LocateResult> {
  const shape = shapes[kind];
  const reader = readerOf(shape);
  const { api, scope } = o;
  const outcomes: (Outcome | undefined)[] = sought.map(() => undefined);
  const responses: ApiResponse[] = [];
  const list = async (query: Query, maxPages = 3) => {
    const l = await walkList((q) => listOf[kind](api, scope, q), reader, query, { maxPages });
    responses.push(...l.responses);
    return l;
  };
  const byId = async (id: string) => {
    const res = await readById[kind](api, scope, id);
    responses.push(res);
    return res;
  };
  // One window per locate: once a wait has run the whole window without the write showing, later reads are single.
  let patient = true;
  const wait: Waiter = async (what, read, shows) => {
    if (!patient) {
      const value = await read();
      return { value, shown: shows(value) };
    }
    const w = await o.wait(what, read, shows);
    if (!w.shown) patient = false;
    return w;
  };
  const open = () => sought.map((_, i) => i).filter((i) => !outcomes[i]);
  const claimed = new Set<string>();
  /** Listed records of ours, each read by id (the read the callers judge); located even when that read is refused. */
  const claimAll = async (indexes: readonly number[], records: readonly Rec[]) => {
    const jobs: Promise<void>[] = [];
    for (const i of indexes) {
      const hit = records.find((r) => carries(r, sought[i]!) && !claimed.has(shape.idOf(r) ?? '') && !!shape.idOf(r));
      if (!hit || outcomes[i]) continue;
      const id = shape.idOf(hit)!;
      claimed.add(id);
      jobs.push(
        byId(id).then((read) => {
          const record = isSuccess(read) ? shape.recordIn(read.json, id) : undefined;
          outcomes[i] = { id, record: record ?? hit, read, via: 'list' };
        }),
      );
    }
    await Promise.all(jobs);
  };
  const inListing = (l: Listing, i: number) => l.records.some((r) => carries(r, sought[i]!));
  /** A located record shows by its id; one not located yet by what it carries. */
  const shownIn = (l: Listing, i: number) => {
    const at = outcomes[i];
    return isLocated(at) ? l.ids.includes(at.id) || inListing(l, i) : inListing(l, i);
  };

  // The updated window starts on the target's clock (S-TIME-clock-skew), read off the answer's Date header now.
  const skewMs = skewOf(o.answer);
  // 1. The ids of the answer, read back and matched by what they carry.
  // Wherever the answer shows them (answers.ts): records, id lists, per-element results, a Location.
  const ids =
    o.answer && isSuccess(o.answer)
      ? readWriteAnswer(kind, o.answer, [], scope.profile.customers.arrayField)
          .created.map((e) => e.id)
          .slice(0, Math.max(1, sought.length) * 3)
      : [];
  const reads = new Map<string, ApiResponse>();
  const readable = (id: string) => {
    const res = reads.get(id);
    return !!res && isSuccess(res) && !!shape.recordIn(res.json, id);
  };
  if (ids.length) {
    await wait(
      `${o.what}: the ${ids.length} id(s) of its answer read back by id`,
      async () => {
        await Promise.all(ids.filter((id) => !readable(id)).map(async (id) => reads.set(id, await byId(id))));
        return reads;
      },
      () => ids.every(readable),
    );
    for (const id of ids.filter(readable)) {
      const read = reads.get(id)!;
      const record = shape.recordIn(read.json, id)!;
      const at = open().find((i) => carries(record, sought[i]!));
      if (at === undefined) continue;
      outcomes[at] = { id, record, read, via: 'answer' };
      claimed.add(id);
    }
  }
  const unreadable = ids.filter((id) => !readable(id));
  const since = isoSeconds(o.since + skewMs - WINDOW_MARGIN_MS);
  const missing: Record<number, Unlocated> = {};
  let shownListing: ShownListing | undefined;

  // 2. Documented filters, matched by content.
  if (kind === 'vehicle') {
    const groups = new Map<string, number[]>();
    for (const i of sought.map((_, i) => i))
      groups.set(sought[i]!.customerId ?? '', [...(groups.get(sought[i]!.customerId ?? '') ?? []), i]);
    await Promise.all(
      [...groups].map(async ([customerId, members]) => {
        const owner = customerId ? { customerId } : {};
        const narrow = { ...owner, updatedDateStart: since };
        const todo = members.filter((i) => !outcomes[i]);
        // Waited for even when every id came in the answer, if asked: later list checks then need no wait.
        if (!todo.length && !o.visible) return;
        const waitFor = todo.length ? todo : members.filter((i) => outcomes[i]);
        const w = await wait(
          `${o.what} shown in GET /vehicles?${queryText(narrow)}`,
          () => list(narrow),
          (l) => l.ok && waitFor.every((i) => shownIn(l, i)),
        );
        shownListing ??= { query: narrow, listing: w.value, shown: w.shown };
        if (w.value.ok) await claimAll(todo, w.value.records);
        const left = members.filter((i) => !outcomes[i]);
        if (!left.length) return;
        if (!customerId) {
          for (const i of left)
            missing[i] = {
              proven: w.value.complete,
              why: `not in the answer, nor in GET /vehicles?${queryText(narrow)}${w.value.complete ? '' : ' (not read to its end)'}`,
            };
          return;
        }
        const wide = await list(owner, o.maxPages ?? 5);
        if (wide.ok) await claimAll(left, wide.records);
        // Not under its customer: the window alone finds a vehicle stored without its owner or
        // with another one, so that the checks judge the owner it shows instead of a vehicle unfound.
        const strays = left.filter((x) => !outcomes[x]);
        const anyOwner = strays.length ? await list({ updatedDateStart: since }, o.maxPages ?? 5) : undefined;
        if (anyOwner?.ok) await claimAll(strays, anyOwner.records);
        for (const i of strays.filter((x) => !outcomes[x])) {
          missing[i] = {
            proven: wide.ok && wide.complete,
            why: wide.ok
              ? `not in the answer, nor among the ${wide.records.length} vehicles listed for customer ${customerId}${wide.complete ? '' : ' (the list goes on)'}, nor in GET /vehicles?updatedDateStart=${since}`
              : `GET /vehicles?customerId=${customerId} was refused (${wide.first.status})`,
          };
        }
      }),
    );
  } else if (kind === 'item') {
    const todo = open();
    const window = { updatedDateStart: since };
    if (todo.length >= 3 || (o.visible && outcomes.some(isLocated))) {
      const waitFor = todo.length ? todo : sought.map((_, i) => i).filter((i) => outcomes[i]);
      let round = 0;
      // Once part of the batch shows, one more read, then the precise filter for the rest (an item may be hidden from plain lists).
      const w = await wait(
        `${o.what} shown in GET /items?${queryText(window)}`,
        async () => ((round += 1), list(window)),
        (l) => l.ok && (waitFor.every((i) => shownIn(l, i)) || (round >= 2 && waitFor.some((i) => shownIn(l, i)))),
      );
      shownListing = {
        query: window,
        listing: w.value,
        shown: w.value.ok && waitFor.every((i) => shownIn(w.value, i)),
      };
      if (w.value.ok) await claimAll(todo, w.value.records);
    }
    await Promise.all(
      open().map(async (i) => {
        const itemNumber = sought[i]!.keys.itemNumber;
        if (!itemNumber) return void (missing[i] = { proven: false, why: 'no itemNumber recorded to look for' });
        const q = { itemNumber };
        const w = await wait(
          `${o.what}: item ${itemNumber} shown in GET /items?itemNumber=`,
          () => list(q, 2),
          (l) => l.ok && inListing(l, i),
        );
        if (w.value.ok) await claimAll([i], w.value.records);
        if (!outcomes[i])
          missing[i] = {
            proven: w.value.ok && w.value.complete,
            why: w.value.ok
              ? `not in the answer, and GET /items?itemNumber=${itemNumber} does not show it${w.value.complete ? '' : ' on the pages read'}`
              : `GET /items?itemNumber=${itemNumber} was refused (${w.value.first.status})`,
          };
      }),
    );
  } else {
    const page = async (q: Query) => {
      const res = await listOf.customer(api, scope, q);
      responses.push(res);
      return res;
    };
    const walked = await locateCustomers(open(), o, {
      sought,
      outcomes,
      wait,
      claimAll,
      page,
      ends: (enough, maxPages) => walkEnds(page, reader, {}, { maxPages, enough }),
    });
    // The guessed search proves nothing by an absence; a walk that read the whole list does.
    for (const i of open())
      missing[i] =
        walked?.ok && walked.complete
          ? { proven: true, why: 'not in the answer, nor anywhere in the customer list, read to its end' }
          : {
              proven: false,
              why: 'not in the answer, nor found by its unique word in the customer list (its query is not shown, §4.3, so its absence proves nothing)',
            };
  }

  // The ids the answer gave that never read back show the records were not stored.
  for (const i of open()) {
    const m = missing[i] ?? { proven: false, why: 'not located' };
    outcomes[i] = unreadable.length
      ? { proven: true, why: `${m.why}; the answer gave id(s) ${unreadable.join(', ')} that do not read back by id` }
      : m;
  }
  return { outcomes: outcomes as Outcome[], listing: shownListing, unreadable, responses };
}

interface CustomerSearch {
  sought: readonly RecordLocator[];
  outcomes: (Outcome | undefined)[];
  page(query: Query): Promise<ApiResponse>;
  /** The customer list read from both ends until `enough` holds. */
  ends(enough: (records: readonly Rec[]) => boolean, maxPages: number): Promise<Listing>;
  wait: Waiter;
  claimAll(indexes: readonly number[], records: readonly Rec[]): Promise<void>;
}

/**
 * Customers: the profile's search parameter is a guess, used only once a probe showed it matches the
 * field the terms are in, and what it lists is only a lead, proven by the read by id; then the list
 * is walked from both ends (new records usually sit at one of them), a bounded number of pages.
 */
async function locateCustomers(
  todo: readonly number[],
  o: LocateOptions,
  s: CustomerSearch,
): Promise<Listing | undefined> {
  if (!todo.length) return undefined;
  const open = () => todo.filter((i) => !s.outcomes[i]);
  const searchParam = o.scope.profile.customers.searchParam;
  const terms = todo.map((i) => s.sought[i]!.keys.term).filter((t): t is string => !!t);
  // The search only where the run has shown it matches the terms' field (a probe on a known record).
  const searched = terms.length > 0 && !!o.searchMatches && (await o.searchMatches());
  const words = !searched ? [] : o.searchHint ? [o.searchHint] : terms;
  const foundIn = (records: readonly Rec[]) => open().every((i) => records.some((r) => carries(r, s.sought[i]!)));
  // Each read: the guessed search (a lead), then the list's first and last pages (where a new record sits in most orders).
  await s.wait(
    `${o.what} found in GET /customers (${searched ? `the ${searchParam} parameter, then ` : ''}both ends of the list)`,
    async () => {
      const answers = await Promise.all(words.map((w) => s.page({ [searchParam]: w, size: 20, page: 1 })));
      for (const res of answers) if (isSuccess(res)) await s.claimAll(open(), customerShape.records(res.json));
      if (open().length) {
        const ends = await s.ends(foundIn, 2);
        if (ends.ok) await s.claimAll(open(), ends.records);
      }
      return open().length;
    },
    (left) => left === 0,
  );
  if (!open().length) return undefined;
  const walk = await s.ends(foundIn, o.maxPages ?? 8);
  if (walk.ok) await s.claimAll(open(), walk.records);
  return walk;
}
