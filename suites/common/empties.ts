import type { z } from 'zod';
import type { ClauseId } from '../../contract/clauses.js';
import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { ResourceAdapter } from './adapter.js';

/**
 * Empty results (technique boundary): a list whose shape the spec shows, asked with a documented
 * filter that no record can match, at the page size of the spec's examples (§8: size 100, page 1).
 * The empty answer keeps the documented shape: its records stay an array, never null or absent.
 */
export interface EmptyScope {
  adapter: ResourceAdapter;
  /** The clause of the list's documented shape. */
  clause: ClauseId;
  shape: z.ZodType;
  /** A documented filter no record matches, and in words. */
  query: Query;
  note: string;
}

/** The documented example of §8. */
export const EXAMPLE_PAGE = { size: 100, page: 1 } as const;

/** Nothing a run meets was last updated, or created, on the first day of 1971: a window every documented date filter accepts. */
export const emptyWindow = { start: '1971-01-01', end: '1971-01-02' } as const;

/** The empty read of a scope, once per run: the shape check and any other clause judging the empty page share it. */
export function emptyRead(ctx: CheckContext, scope: EmptyScope): Promise<ApiResponse> {
  return ctx.shared(`${scope.adapter.name}:empty`, (s) => scope.adapter.list(s, { ...scope.query, ...EXAMPLE_PAGE }));
}
