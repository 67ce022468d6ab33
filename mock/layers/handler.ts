import { HttpError } from '../http.js';
import type { Store } from '../store.js';
import type { Method, RequestContext, TokenIssuer } from '../types.js';
import { required, type Layer } from './layer.js';

/**
 * The end of the chain: builds the handler's RequestContext and calls the matched route's handler.
 * A handler refuses a request by throwing an HttpError; its reply is the answer.
 */
export function handlerLayer(store: () => Store, issuer: TokenIssuer): Layer {
  return async (ex) => {
    const { route, params } = required(ex.match, 'the route');
    const ctx: RequestContext = {
      method: ex.method as Method,
      path: ex.url.pathname,
      params,
      query: ex.url.searchParams,
      body: ex.body,
      claims: required(ex.claims, 'the caller'),
      store: store(),
      issuer,
    };
    try {
      return await route.handler(ctx);
    } catch (err) {
      if (err instanceof HttpError) return err.reply;
      throw err;
    }
  };
}
