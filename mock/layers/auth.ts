import type { Claims } from '../auth.js';
import { errorReply } from '../http.js';
import { required, type Exchange, type Layer, type Next } from './layer.js';

/** Checks a bearer token: the caller's claims, or undefined for a token that must be refused. */
export type TokenCheck = (token: string) => Promise<Claims | undefined>;

/** Who calls a public route (the login routes): nobody in particular, no company. */
const publicCaller: Claims = { sub: 'anonymous', companies: [], permissions: [], iat: 0, exp: 0 };

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case), else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer ([^\s]+)$/i.exec(header ?? '')?.[1];
}

/**
 * §5.1: every route but the public ones needs a valid bearer JWT; missing, malformed, badly signed
 * or expired gets 401 (the status is a mock choice, §7 "not shown"). A token already verified is
 * remembered until it expires, so a busy client costs one signature check per token.
 */
export function authLayer(check: TokenCheck): Layer {
  const verified = new Map<string, Claims>();
  const admit = (ex: Exchange, next: Next, claims: Claims | undefined) => {
    if (!claims) return Promise.resolve(errorReply(401, 'missing or invalid access token'));
    ex.claims = claims;
    return next();
  };
  return (ex, next) => {
    if (required(ex.match, 'the route').route.public) return admit(ex, next, publicCaller);
    const token = bearerToken(ex.req.headers.authorization);
    if (token === undefined) return admit(ex, next, undefined);
    const cached = verified.get(token);
    if (cached && cached.exp > Math.floor(Date.now() / 1000)) return admit(ex, next, cached);
    // A check that throws refuses the token, like one that answers undefined.
    return check(token).then(
      (claims) => {
        if (claims) {
          if (verified.size > 10_000) verified.clear();
          verified.set(token, claims);
        }
        return admit(ex, next, claims);
      },
      () => admit(ex, next, undefined),
    );
  };
}
