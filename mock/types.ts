import type { Claims, Verdict } from './auth.js';
import type { Reply } from './http.js';
import type { Store } from './store.js';

/**
 * Types shared by the route table, the layers, the handlers and the fault overlays. They live here,
 * apart from any code, so that no two modules of mock/ need to import each other.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const methods: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What a route handler gets: the parsed request, the caller and the state. */
export interface RequestContext {
  method: Method;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
  claims: Claims;
  store: Store;
  /** Mints and checks this instance's tokens (login routes). */
  issuer?: TokenIssuer;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  method: Method;
  /** Path below /v2, with :params, e.g. '/items/:itemId'. */
  path: string;
  handler: Handler;
  /** Served without a bearer token (the login routes of mock/resources/partners.ts). */
  public?: boolean;
}

/** This instance's token authority, for the login routes of mock/resources/partners.ts. */
export interface TokenIssuer {
  /** The one partner credential pair the instance accepts. */
  partner: { partnerId: string; authKey: string };
  accessTtlSeconds(): number;
  mint(claims: Omit<Claims, 'iat' | 'exp'>, ttlSeconds: number): Promise<string>;
  verify(token: string): Promise<Verdict>;
}
