import type { TokenKey } from './auth.js';
import { HttpError } from './http.js';
import type { Layer, LayerName } from './layers/layer.js';
import type { Handler, Method, Route } from './types.js';

/**
 * Fault overlays, in the spirit of msw's `server.use()`: a fault is declared beside the reference
 * code, never inside it, as one or more overlays that wrap or replace ONE route handler or ONE layer
 * of the chain. The reference routes and layers know nothing of faults.
 *
 *   wrapRoute('GET', '/items', (next) => async (ctx) => edit(await next(ctx)))   // wrap a handler
 *   replaceRoute('GET', '/items/:itemId', (ctx) => …)                            // swap a handler
 *   wrapLayer('auth', (layer, kit) => (ex, next) => …)                           // wrap or swap a layer
 *
 * A route is named by its method and its path as declared in the route table ('/items/:itemId');
 * '*' names every method of the path. Naming a route that does not exist fails at start. The `next`
 * a route wrapper gets always answers with a Reply: a refusal the handler throws (HttpError)
 * arrives as its error reply, so a wrapper sees every answer the client would.
 */

/** What a replacement layer may need from the instance it runs in. */
export interface LayerKit {
  /** The instance's HS256 key, for a variant of the token check. */
  tokenKey: TokenKey;
}

export interface RouteOverlay {
  kind: 'route';
  methods: readonly Method[] | '*';
  paths: readonly string[];
  /** Replacements are applied before wrappers, so a wrapper of one fault wraps another fault's replacement. */
  replaces: boolean;
  wrap: (next: Handler) => Handler;
}

export interface LayerOverlay {
  kind: 'layer';
  layer: LayerName;
  wrap: (next: Layer, kit: LayerKit) => Layer;
}

export type Overlay = RouteOverlay | LayerOverlay;

type Methods = Method | readonly Method[] | '*';
type Paths = string | readonly string[];

const asList = <T>(v: T | readonly T[]): readonly T[] => (Array.isArray(v) ? (v as readonly T[]) : [v as T]);

export function wrapRoute(method: Methods, path: Paths, wrap: (next: Handler) => Handler): RouteOverlay {
  return { kind: 'route', methods: method === '*' ? '*' : asList(method), paths: asList(path), replaces: false, wrap };
}

export function replaceRoute(method: Methods, path: Paths, handler: Handler): RouteOverlay {
  return { ...wrapRoute(method, path, () => handler), replaces: true };
}

export function wrapLayer(layer: LayerName, wrap: (next: Layer, kit: LayerKit) => Layer): LayerOverlay {
  return { kind: 'layer', layer, wrap };
}

const routeOverlaysFirstReplacements = (overlays: readonly Overlay[]): RouteOverlay[] => {
  const routes = overlays.filter((o): o is RouteOverlay => o.kind === 'route');
  return [...routes.filter((o) => o.replaces), ...routes.filter((o) => !o.replaces)];
};

/** The handler with its thrown refusals turned into replies. */
function answering(handler: Handler): Handler {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof HttpError) return err.reply;
      throw err;
    }
  };
}

/** The route table with the overlays applied; the reference table is left as it is. */
export function overlayRoutes(routes: readonly Route[], overlays: readonly Overlay[]): Route[] {
  const table = routes.map((r) => ({ ...r }));
  for (const o of routeOverlaysFirstReplacements(overlays)) {
    for (const path of o.paths) {
      const hits = table.filter((r) => r.path === path && (o.methods === '*' || o.methods.includes(r.method)));
      const wanted = o.methods === '*' ? 1 : o.methods.length;
      if (hits.length < wanted)
        throw new Error(
          `fault overlay names a route the mock does not have: ${o.methods === '*' ? '*' : o.methods.join('|')} ${path}`,
        );
      for (const r of hits) r.handler = o.replaces ? o.wrap(r.handler) : o.wrap(answering(r.handler));
    }
  }
  return table;
}

/** The chain's layers, by name, with the layer overlays applied in order. */
export function overlayLayers(
  layers: ReadonlyMap<LayerName, Layer>,
  overlays: readonly Overlay[],
  kit: LayerKit,
): Map<LayerName, Layer> {
  const out = new Map(layers);
  for (const o of overlays) {
    if (o.kind !== 'layer') continue;
    const current = out.get(o.layer);
    if (!current) throw new Error(`fault overlay names a layer the mock does not have: ${o.layer}`);
    out.set(o.layer, o.wrap(current, kit));
  }
  return out;
}
