import type { IncomingMessage } from 'node:http';
import type { Claims } from '../auth.js';
import type { Reply } from '../http.js';
import type { Route } from '../types.js';

/**
 * The mock answers a request by passing it down a chain of layers, each with one job (see
 * mock/README.md for the chain). A layer either answers itself or calls `next()`; what it learns
 * on the way (the raw body, the matched route, the caller, the parsed body) it writes onto the
 * exchange for the layers below it. No answer at all (undefined) means the connection was dropped.
 */

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export interface Exchange {
  readonly req: IncomingMessage;
  /** Upper-case, as sent. */
  readonly method: string;
  readonly url: URL;
  /** Set by the body layer. */
  raw?: Buffer;
  /** Set by the route layer. */
  match?: RouteMatch;
  /** Set by the auth layer. */
  claims?: Claims;
  /** Set by the json layer: the parsed body, undefined when none was sent. */
  body?: unknown;
}

export type Next = () => Promise<Reply | undefined>;
export type Layer = (ex: Exchange, next: Next) => Promise<Reply | undefined>;

/** The names of the chain, outermost first; fault overlays address a layer by name. */
export const layerNames = [
  'latency',
  'control',
  'chaos',
  'rate-limit',
  'body',
  'route',
  'auth',
  'json',
  'handler',
] as const;
export type LayerName = (typeof layerNames)[number];

/** One function for the whole chain; the innermost layer answers without calling next. */
export function compose(layers: readonly Layer[]): (ex: Exchange) => Promise<Reply | undefined> {
  const end: Next = () => Promise.resolve(undefined);
  return (ex) => {
    const step = (i: number): Promise<Reply | undefined> =>
      i < layers.length ? layers[i]!(ex, () => step(i + 1)) : end();
    return step(0);
  };
}

/** A value an earlier layer must have set; a missing one is a wiring bug of the chain, not a client error. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`mock layer chain: ${what} is not set (layer order)`);
  return value;
}
