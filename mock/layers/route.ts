import FindMyWay from 'find-my-way';
import { errorReply } from '../http.js';
import { methods, type Route } from '../types.js';
import type { Layer, RouteMatch } from './layer.js';

/** §9: the version is the path segment v2 of the base address. */
export const VERSION_PREFIX = '/v2';

/**
 * The route table in a find-my-way radix tree. Static segments win over params, so
 * '/appointmentRequests/create' wins over '/:id'; trailing and doubled slashes are ignored.
 */
export class Router {
  private readonly tree = FindMyWay({
    ignoreTrailingSlash: true,
    ignoreDuplicateSlashes: true,
    maxParamLength: Number.MAX_SAFE_INTEGER,
  });
  constructor(routes: readonly Route[]) {
    for (const route of routes) this.tree.on(route.method, route.path, () => undefined, route);
  }

  /** The route for a path, or 'method' when the path exists with another method, or undefined. */
  match(method: string, path: string): RouteMatch | 'method' | undefined {
    const found = this.tree.find(method as FindMyWay.HTTPMethod, path);
    if (found) return { route: found.store as Route, params: found.params as Record<string, string> };
    return methods.some((m) => m !== method && this.tree.find(m, path)) ? 'method' : undefined;
  }
}

/**
 * Finds the route below /v2. Undocumented choices: an unknown path is 404, a known path with
 * another method 405, both before the token is looked at (the auth layer comes after this one,
 * and needs the route to know whether it is public).
 */
export function routeLayer(routes: readonly Route[]): Layer {
  const router = new Router(routes);
  return (ex, next) => {
    const path = ex.url.pathname;
    const match = path.startsWith(`${VERSION_PREFIX}/`)
      ? router.match(ex.method, path.slice(VERSION_PREFIX.length))
      : undefined;
    if (match === undefined) return Promise.resolve(errorReply(404, 'unknown route'));
    if (match === 'method') return Promise.resolve(errorReply(405, `method ${ex.method} not allowed on this route`));
    ex.match = match;
    return next();
  };
}
