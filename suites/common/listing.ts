import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isSuccess } from '../../harness/checks/index.js';
import { walkList, type Listing } from '../../harness/locate/walk.js';
import type { ResourceAdapter } from './adapter.js';
import { windowLeft } from './own-records.js';

export type { Listing } from '../../harness/locate/walk.js';
export { isoSeconds } from '../../harness/checks/dates.js';

/**
 * Every page of a list query until the list ends, by the same rule as the paging walk (walkPages:
 * the reported total reached, a short or empty page, or a page past the last refused or repeated),
 * at most `maxPages` (harness/locate/walk.ts, shared with the locator and the cleanup).
 */
export function collect(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  query: Query,
  o: { size?: number; maxPages?: number; companyId?: string } = {},
): Promise<Listing> {
  return walkList((q) => adapter.list(ctx, q, o.companyId), adapter, query, { size: o.size, maxPages: o.maxPages });
}

/**
 * A listing read after the run's own write, made at `writtenAt` (Date.now() before it was sent):
 * read again until it shows every record `shows` looks for (lists may show a write late), until
 * CONSISTENCY_WINDOW_MS after the write; the wait is recorded under `what`, which names the write.
 * A refused list ends the wait.
 */
export async function collectShowing(
  ctx: CheckContext,
  adapter: ResourceAdapter,
  query: Query,
  what: string,
  shows: (l: Listing) => boolean,
  o: { size?: number; maxPages?: number; companyId?: string; writtenAt: number | undefined },
): Promise<Listing> {
  const w = await ctx.eventually(
    what,
    () => collect(ctx, adapter, query, o),
    (l) => !l.ok || shows(l),
    windowLeft(ctx, o.writtenAt),
  );
  return w.value;
}

/** The listing shows every one of these ids. */
export const showsIds = (ids: readonly string[]) => (l: Listing) => ids.every((id) => l.ids.includes(id));

export const DAY_MS = 86_400_000;

/** The parameters a response's exchange sent, read back from its URL; undefined when the response records none. */
export function sentParams(res: ApiResponse): URLSearchParams | undefined {
  if (!res.url) return undefined;
  try {
    return new URL(res.url).searchParams;
  } catch {
    return undefined;
  }
}

/** A query's parameters as they go on the wire: each name with its values as strings (absent ones dropped). */
export function wireParams(q: Query): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null) continue;
    out.set(k, Array.isArray(v) ? v.map(String) : [String(v)]);
  }
  return out;
}

/**
 * A record a listing shows that is none of `known` (the run's own, just written): an older record,
 * read by id beside them, since a read path for older records (a replica, a cache filled later) may
 * answer another shape than the one for a record just written.
 */
export function listedBesides(
  adapter: Pick<ResourceAdapter, 'records' | 'idOf'>,
  listing: ApiResponse,
  known: readonly string[],
): string | undefined {
  if (!isSuccess(listing)) return undefined;
  return adapter
    .records(listing)
    .map(adapter.idOf)
    .find((x): x is string => !!x && !known.includes(x));
}
