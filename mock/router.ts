import type { Reply } from './http.js';
import type { RequestContext } from './context.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** Path below /v2, with :params, e.g. '/items/:itemId'. */
  path: string;
  handler: (ctx: RequestContext) => Reply | Promise<Reply>;
  /** Served without a bearer token (the login routes of mock/resources/partners.ts). */
  public?: boolean;
}

interface Compiled {
  route: Route;
  segments: string[];
}

export interface Match {
  route: Route;
  params: Record<string, string>;
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
  match(method: string, path: string): Match | 'method' | undefined {
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
