import type { ApiResponse } from '../client.js';
import { fieldValue, isRecord } from '../checks/locate.js';
import type { Kind } from './requests.js';
import { withoutEchoes, type Rec } from './shapes.js';

/**
 * What a create answer shows as created, read once for the ledger (harness/check/context.ts, on
 * every POST answer) and for the locator. §2.7 gives the write envelope `data: object` only, and
 * §4.3 no customer shape at all (S-2.7-write-data, S-4.1-create-status, S-BULK-partial,
 * S-BULK-result-mapping), so ids are taken wherever the answer shows them: a bare record, records
 * or per-element results under `data`/`results`/the resource's array, id lists (`ids`,
 * `customerIds`), a 207 body, a `Location` header. Never from an echo of the request, never from
 * an object nested in a record (a vehicle's customer, an e-mail's id), never from an element the
 * answer reports refused, and from an answer that reports failure only where an element says
 * it was created.
 */

export interface AnsweredElement {
  id: string;
  /** The request element it answers, when the answer tells (an index, or a natural key it repeats). */
  index?: number;
  /** A vehicle's owner: shown beside it, else the one sent at `index`, else the only one sent. */
  customerId?: string;
}

export interface RefusedElement {
  /** The request element refused, when the answer tells. */
  index?: number;
  /** What the answer said about it. */
  shown: Rec;
}

export interface WriteAnswer {
  created: AnsweredElement[];
  refused: RefusedElement[];
}

const norm = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, '');
const nouns: Record<Kind, string> = { vehicle: 'vehicle', item: 'item', customer: 'customer' };

/** Keys under which an answer holds records or per-element results. */
const containerKeys = [
  'data',
  'result',
  'results',
  'record',
  'records',
  'content',
  'created',
  'createdrecords',
  'succeeded',
  'successes',
  'successful',
  'inserted',
  'saved',
  'accepted',
  'elements',
  'entries',
  'body',
  'response',
  'payload',
  'value',
  'values',
  'rows',
  'list',
];
/** Keys under which an answer lists the elements it refused. */
const refusedKeys = new Set([
  'failed',
  'failures',
  'errors',
  'rejected',
  'refused',
  'invalid',
  'skipped',
  'notcreated',
]);
const idListPrefixes = ['', 'created', 'new', 'inserted', 'saved', 'accepted'];
/** Outcome lists that may hold bare ids: `{ created: ['a', 'b'], failed: [...] }`. */
const outcomeLists = ['created', 'succeeded', 'successes', 'inserted', 'saved', 'accepted'];
/** Keys that mark an object as a job or task, whose `id` is not a record's. */
const jobKeys = new Set(['jobid', 'job', 'taskid', 'task', 'operationid', 'operation', 'batchid']);
const indexKeys = ['index', 'idx', 'position', 'elementindex', 'itemindex', 'requestindex'];

const failedWords =
  /^(error|errored|failed|failure|fail|rejected|refused|invalid|conflict|duplicate|skipped|notcreated)$/i;
const okWords = /^(ok|created|success|succeeded|successful|done|applied|accepted|queued|inserted|saved)$/i;

/** An element's own word on itself: refused, created, or nothing said. */
function elementState(o: Rec): 'failed' | 'ok' | undefined {
  if (o.success === false || o.ok === false || o.created === false) return 'failed';
  // Not `code`: a record may have a numeric code of its own.
  for (const k of ['status', 'statusCode', 'httpStatus', 'result', 'outcome', 'state']) {
    const v = o[k];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v < 600) return v >= 400 ? 'failed' : 'ok';
    if (typeof v === 'string' && failedWords.test(v.replace(/[\s_-]/g, ''))) return 'failed';
  }
  const error = o.error ?? o.errors;
  if (error !== undefined && error !== null && error !== '' && error !== false) {
    if (!(Array.isArray(error) && error.length === 0) && !(isRecord(error) && Object.keys(error).length === 0))
      return 'failed';
  }
  if (o.success === true || o.ok === true || o.created === true) return 'ok';
  for (const k of ['status', 'result', 'outcome', 'state']) {
    const v = o[k];
    if (typeof v === 'string' && okWords.test(v)) return 'ok';
  }
  return undefined;
}

const scalarId = (v: unknown): string | undefined =>
  (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v)) ? String(v) : undefined;

/** The request element an answer's object speaks of: its index field, else a distinctive value of exactly one element. */
function indexOf(o: Rec, sent: readonly Rec[]): number | undefined {
  for (const k of Object.keys(o)) {
    if (!indexKeys.includes(norm(k))) continue;
    const v = o[k];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  }
  const hits = new Set<number>();
  sent.forEach((element, i) => {
    for (const [k, v] of Object.entries(element)) {
      if (typeof v !== 'string' || v.trim().length < 6) continue;
      const want = v.trim().toUpperCase();
      // Distinctive: no other element sent carries it.
      if (
        sent.some(
          (other, j) =>
            j !== i &&
            String(other[k] ?? '')
              .trim()
              .toUpperCase() === want,
        )
      )
        continue;
      const got = fieldValue(o, [k]);
      if (typeof got === 'string' && got.trim().toUpperCase() === want) hits.add(i);
    }
  });
  return hits.size === 1 ? [...hits][0] : undefined;
}

/** Ids a `Location` header names: `/customers/{id}`, or the collection with `?ids=` (one or a comma list). */
function locationIds(kind: Kind, location: string | undefined): string[] {
  if (!location) return [];
  let url: URL;
  try {
    url = new URL(location, 'http://answer.invalid');
  } catch {
    return [];
  }
  const collection = `${nouns[kind]}s`;
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const at = segments.findIndex((s) => s.toLowerCase() === collection);
  if (at < 0) return [];
  if (segments[at + 1] !== undefined) return at + 2 === segments.length ? [segments[at + 1]!] : [];
  const ids: string[] = [];
  url.searchParams.forEach((v, k) => {
    const n = norm(k);
    if (n === 'ids' || n === `${nouns[kind]}ids` || n === `${nouns[kind]}id` || n === 'id')
      ids.push(...v.split(',').filter(Boolean));
  });
  return ids;
}

/**
 * Reads a create answer: every id it shows as created (with the request element it answers, when
 * it tells), and the request elements it reports refused. `sent` are the request's elements, in order.
 */
export function readWriteAnswer(
  kind: Kind,
  res: Pick<ApiResponse, 'status' | 'json'> & { headers?: Record<string, string> },
  sent: readonly Rec[] = [],
  arrayField?: string,
): WriteAnswer {
  const noun = nouns[kind];
  const idKeys = new Set([`${noun}id`, ...(kind === 'item' ? ['itemid'] : [])]);
  const containers = new Set([...containerKeys, noun, `${noun}s`, ...(arrayField ? [norm(arrayField)] : [])]);
  const idLists = new Set([...idListPrefixes.flatMap((p) => [`${p}ids`, `${p}${noun}ids`]), ...outcomeLists]);
  const body = withoutEchoes(res.json);
  const answerOk =
    res.status >= 200 && res.status < 300 && !(isRecord(body) && (body.success === false || body.ok === false));
  const created = new Map<string, AnsweredElement>();
  const refused: RefusedElement[] = [];
  const owners = new Set(sent.map((s) => scalarId(s.customerId)).filter((c): c is string => !!c));
  const add = (id: string, o: Rec | undefined) => {
    if (created.has(id)) return;
    const index = o ? indexOf(o, sent) : undefined;
    const own = o && kind === 'vehicle' ? scalarId(o.customerId ?? fieldValue(o, ['customerId'])) : undefined;
    const customerId =
      kind !== 'vehicle'
        ? undefined
        : (own ??
          (index !== undefined ? scalarId(sent[index]?.customerId) : undefined) ??
          (owners.size === 1 ? [...owners][0] : undefined));
    created.set(id, {
      id,
      ...(index !== undefined ? { index } : {}),
      ...(customerId !== undefined ? { customerId } : {}),
    });
  };

  /** `member`: an element of an array (a record or a per-element result), not a wrapper. */
  const visit = (node: unknown, depth: number, failedBranch: boolean, root: boolean, member: boolean): void => {
    if (depth > 8) return;
    if (Array.isArray(node)) {
      for (const x of node) if (isRecord(x)) visit(x, depth + 1, failedBranch, false, true);
      return;
    }
    if (!isRecord(node)) return;
    const state = elementState(node);
    const isRefused = failedBranch || (!root && state === 'failed');
    // Taken from an answer that failed only where the element itself says it was created.
    const takes = !isRefused && (answerOk || state === 'ok');
    const keys = Object.keys(node);
    const envelope = root && keys.some((k) => ['data', 'results', 'result', 'success', 'records'].includes(norm(k)));
    const jobLike = keys.some((k) => jobKeys.has(norm(k)));
    let id: string | undefined;
    for (const k of keys) if (idKeys.has(norm(k))) id ??= scalarId(node[k]);
    if (id === undefined && !envelope && !jobLike) for (const k of keys) if (norm(k) === 'id') id ??= scalarId(node[k]);
    if (id !== undefined || (isRefused && (member || state === 'failed') && !root)) {
      // A record or a per-element result: what it nests (its customer, its e-mails) is not another record.
      if (isRefused) {
        const index = indexOf(node, sent);
        refused.push({ ...(index !== undefined ? { index } : {}), shown: node });
      } else if (takes && id !== undefined) add(id, node);
      return;
    }
    for (const k of keys) {
      const n = norm(k);
      const v = node[k];
      if (idLists.has(n) && Array.isArray(v) && takes)
        for (const x of v) if (scalarId(x) !== undefined) add(scalarId(x)!, undefined);
      if (refusedKeys.has(n)) visit(v, depth + 1, true, false, false);
      else if (containers.has(n)) visit(v, depth + 1, isRefused, false, false);
    }
  };
  visit(body, 0, false, true, false);
  if (answerOk) for (const id of locationIds(kind, res.headers?.location)) add(id, undefined);

  // Indexes counted from 1: one equals the number sent and none is 0.
  const indexes = [...[...created.values()].map((e) => e.index), ...refused.map((r) => r.index)].filter(
    (i): i is number => i !== undefined,
  );
  if (sent.length && indexes.includes(sent.length) && !indexes.includes(0)) {
    for (const e of created.values()) if (e.index !== undefined) e.index -= 1;
    for (const r of refused) if (r.index !== undefined) r.index -= 1;
  }
  const inRange = (i: number | undefined) => i !== undefined && i < (sent.length || Infinity);
  return {
    created: [...created.values()].map((e) =>
      e.index === undefined || inRange(e.index) ? e : { ...e, index: undefined },
    ),
    refused: refused.map((r) => (r.index === undefined || inRange(r.index) ? r : { shown: r.shown })),
  };
}

/** The request's elements: the first array of objects in the body sent (its key is the profile's or negotiated). */
export function sentElements(body: unknown): Rec[] {
  if (Array.isArray(body)) return body.filter(isRecord);
  if (!isRecord(body)) return [];
  for (const v of Object.values(body)) if (Array.isArray(v) && v.some(isRecord)) return v.filter(isRecord);
  return [];
}
