import { errorReply } from '../http.js';
import type { Route } from '../types.js';
import type { Layer, RouteMatch } from './layer.js';

/** §9: the version is the path segment v2 of the base address. */
export const VERSION_PREFIX = '/v2';

interface Compiled {
  route: Route;
  segments: string[];
}

/** Segment-wise matcher: literal segments beat params, so '/appointmentRequests/create' wins over '/:id'. */
export class Router {
  private readonly compiled: Compiled[];
  constructor(routes: readonly Route[]) {
    this.compiled = routes
      .map((route) => ({ route, segments: route.path.split('/').filter(Boolean) }))
      .sort((a, b) => paramCount(a) - paramCount(b));
  }

  /** The route for a path, or 'method' when the path exists with another method, or undefined. */
  match(method: string, path: string): RouteMatch | 'method' | undefined {
    const parts = path.split('/').filter(Boolean);
    let pathExists = false;
    for (const c of this.compiled) {
      if (c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = c.segments[i]!;
        const part = parts[i]!;
        if (seg.startsWith(':')) {
          try {
            params[seg.slice(1)] = decodeURIComponent(part);
          } catch {
            ok = false;
            break;
          }
        } else if (seg !== part) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (c.route.method === method) return { route: c.route, params };
      pathExists = true;
    }
    return pathExists ? 'method' : undefined;
  }
}

function paramCount(c: Compiled): number {
  return c.segments.filter((s) => s.startsWith(':')).length;
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
    const match = path.startsWith(`${VERSION_PREFIX}/`) ? router.match(ex.method, path.slice(VERSION_PREFIX.length)) : undefined;
    if (match === undefined) return Promise.resolve(errorReply(404, 'unknown route'));
    if (match === 'method') return Promise.resolve(errorReply(405, `method ${ex.method} not allowed on this route`));
    ex.match = match;
    return next();
  };
}
