import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { claimsFrom, type Claims } from '../auth.js';
import { errorReply } from '../http.js';
import { authLayer, bearerToken } from '../layers/auth.js';
import { required } from '../layers/layer.js';
import { wrapLayer } from '../overlay.js';
import { fixtures } from '../seed/index.js';
import type { FaultDef } from './fault.js';

/** Who a bypassed token check serves: the default partner, every seeded company, full access. */
const defaultPartner: Claims = { sub: 'partner-mock', companies: [fixtures.companyId, fixtures.otherCompanyId], permissions: ['purchaseOrders'], iat: 0, exp: Number.MAX_SAFE_INTEGER };

const unexpired = (c: Claims | undefined) => (c && c.exp > Math.floor(Date.now() / 1000) ? c : undefined);

/** Three segments and a header naming an alg: what a JWT looks like before any check. */
function looksLikeJwt(token: string): boolean {
  try {
    return token.split('.').length === 3 && 'alg' in decodeProtectedHeader(token);
  } catch {
    return false;
  }
}

/** Realistic authentication regressions (§5.1, §5.2), each breaking one rule: overlays of the auth and json layers. */
export const authFaults = {
  'auth-missing-token-accepted': {
    clause: 'AUTH-TOKEN-REQUIRED',
    description: 'A request without an Authorization header is served as the default partner (a debug bypass left on).',
    overlay: wrapLayer('auth', (auth) => (ex, next) => {
      if (ex.req.headers.authorization || required(ex.match, 'the route').route.public) return auth(ex, next);
      ex.claims = defaultPartner;
      return next();
    }),
  },
  'auth-malformed-token-accepted': {
    clause: 'AUTH-MALFORMED-TOKEN-REJECTED',
    description: 'A bearer value that is not a JWT is taken for a legacy API key and accepted.',
    overlay: wrapLayer('auth', (auth) => (ex, next) => {
      const token = bearerToken(ex.req.headers.authorization);
      if (token === undefined || looksLikeJwt(token) || required(ex.match, 'the route').route.public) return auth(ex, next);
      ex.claims = defaultPartner;
      return next();
    }),
  },
  'auth-signature-not-verified': {
    clause: 'AUTH-BAD-SIGNATURE-REJECTED',
    description: 'The JWT is decoded without verifying its signature.',
    overlay: wrapLayer('auth', () => authLayer(async (token) => unexpired(claimsFrom(decodeJwt(token))))),
  },
  'auth-expiry-not-checked': {
    clause: 'AUTH-EXPIRED-TOKEN-REJECTED',
    description: 'The JWT exp claim is not checked, so expired tokens work.',
    // The signature alone is verified (a JWS check, not a JWT one), so the claims are never looked at.
    overlay: wrapLayer('auth', (_auth, kit) =>
      authLayer(async (token) => {
        await compactVerify(token, kit.tokenKey);
        return claimsFrom(decodeJwt(token));
      }),
    ),
  },
  'auth-json-charset-rejected': {
    clause: 'AUTH-JSON-BODIES',
    description: 'Content-Type is compared verbatim: application/json; charset=utf-8 gets 415.',
    overlay: wrapLayer('json', (json) => (ex, next) => {
      const withCharset = /;\s*charset=/i.test(ex.req.headers['content-type'] ?? '');
      if (withCharset && required(ex.raw, 'the raw body').length > 0) return Promise.resolve(errorReply(415, 'Content-Type must be application/json'));
      return json(ex, next);
    }),
  },
} as const satisfies Record<string, FaultDef>;
