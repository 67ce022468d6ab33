import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { checkToken, claimsFrom, type Claims, type TokenKey } from '../auth.js';
import { errorReply } from '../http.js';
import { authLayer, bearerToken, type TokenCheck } from '../layers/auth.js';
import { required, type Exchange } from '../layers/layer.js';
import { wrapLayer, type LayerOverlay } from '../overlay.js';
import { fixtures } from '../seed/index.js';
import type { FaultDef } from './fault.js';

/** Who a bypassed token check serves: the default partner, every seeded company, full access. */
export const defaultPartner: Claims = {
  sub: 'partner-mock',
  companies: [fixtures.companyId, fixtures.otherCompanyId],
  permissions: ['purchaseOrders'],
  iat: 0,
  exp: Number.MAX_SAFE_INTEGER,
};

const unexpired = (c: Claims | undefined) => (c && c.exp > Math.floor(Date.now() / 1000) ? c : undefined);

/** Three segments and a header naming an alg: what a JWT looks like before any check. */
function looksLikeJwt(token: string): boolean {
  try {
    return token.split('.').length === 3 && 'alg' in decodeProtectedHeader(token);
  } catch {
    return false;
  }
}

/** The token's signature part ('' when stripped), undefined when it is not three segments. */
const signaturePart = (token: string): string | undefined => {
  const parts = token.split('.');
  return parts.length === 3 ? parts[2] : undefined;
};

/**
 * Weaker token checks, each one shortcut a verifier could ship with; a token they do not take
 * goes on to the reference check (`strict`). A check that throws refuses the token (authLayer).
 */
const shortcuts = {
  /** The header's alg is honoured: "none" means there is no signature to verify. */
  algNone:
    (strict: TokenCheck): TokenCheck =>
    async (token) =>
      decodeProtectedHeader(token).alg === 'none' ? unexpired(claimsFrom(decodeJwt(token))) : strict(token),
  /** An empty signature part skips the verification (`if (signature) verify(…)`). */
  emptySignature:
    (strict: TokenCheck): TokenCheck =>
    async (token) =>
      signaturePart(token) === '' ? unexpired(claimsFrom(decodeJwt(token))) : strict(token),
  /** The HMAC comparison compares lengths only (a hand-written constant-time compare that lost its loop). */
  lengthOnlyHmac:
    (strict: TokenCheck): TokenCheck =>
    async (token) => {
      const sig = signaturePart(token);
      const sized =
        decodeProtectedHeader(token).alg === 'HS256' &&
        sig !== undefined &&
        Buffer.from(sig, 'base64url').length === 32;
      return sized ? unexpired(claimsFrom(decodeJwt(token))) : strict(token);
    },
  /** A token without exp is taken for a non-expiring service token and only decoded. */
  noExpUnverified:
    (strict: TokenCheck): TokenCheck =>
    async (token) => {
      const payload = decodeJwt(token);
      return payload.exp === undefined ? claimsFrom({ ...payload, exp: Number.MAX_SAFE_INTEGER }) : strict(token);
    },
  /** A header that names no alg is read as an unsigned token, and the claims are taken as they are. */
  headerWithoutAlg:
    (strict: TokenCheck): TokenCheck =>
    async (token) =>
      'alg' in decodeProtectedHeader(token) ? strict(token) : unexpired(claimsFrom(decodeJwt(token))),
  /** The signature alone is verified (a JWS check, not a JWT one): exp is never looked at. */
  expiryIgnored:
    (key: TokenKey): TokenCheck =>
    async (token) => {
      await compactVerify(token, key);
      return claimsFrom(decodeJwt(token));
    },
};

/** The auth layer with a weaker token check everywhere. */
const everywhere = (weaker: (key: TokenKey) => TokenCheck): LayerOverlay =>
  wrapLayer('auth', (_auth, kit) => authLayer(weaker(kit.tokenKey)));

/**
 * The auth layer with a weaker token check on one route only (a route served by another stack,
 * with a verifier of its own); every other route keeps the reference check.
 */
function onRoute(method: string, path: string, weaker: (key: TokenKey) => TokenCheck): LayerOverlay {
  const isRoute = (ex: Exchange) => ex.match?.route.method === method && ex.match.route.path === path;
  return wrapLayer('auth', (auth, kit) => {
    const other = authLayer(weaker(kit.tokenKey));
    return (ex, next) => (isRoute(ex) ? other(ex, next) : auth(ex, next));
  });
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
      if (token === undefined || looksLikeJwt(token) || required(ex.match, 'the route').route.public)
        return auth(ex, next);
      ex.claims = defaultPartner;
      return next();
    }),
  },
  'auth-signature-not-verified': {
    clause: 'AUTH-BAD-SIGNATURE-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'The JWT is only decoded: the header must say HS256 and a signature must be there, but it is never verified with the key.',
    overlay: everywhere(() => async (token) => {
      if (decodeProtectedHeader(token).alg !== 'HS256' || !signaturePart(token)) return undefined;
      return unexpired(claimsFrom(decodeJwt(token)));
    }),
  },
  'auth-accepts-resigned-token': {
    clause: 'AUTH-BAD-SIGNATURE-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'The HMAC comparison was rewritten and compares only the lengths: any 32-byte HS256 signature passes, whatever key made it.',
    overlay: everywhere((key) => shortcuts.lengthOnlyHmac(checkToken(key))),
  },
  'auth-accepts-token-without-exp': {
    clause: 'AUTH-BAD-SIGNATURE-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'A JWT without exp is taken for a non-expiring service token and only decoded: its signature is not verified.',
    overlay: everywhere((key) => shortcuts.noExpUnverified(checkToken(key))),
  },
  'auth-accepts-alg-none': {
    clause: 'AUTH-UNSIGNED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'The verifier honours the header\'s alg, and alg "none" means no signature to check: an unsigned token with any claims is accepted.',
    overlay: everywhere((key) => shortcuts.algNone(checkToken(key))),
  },
  'auth-accepts-stripped-signature': {
    clause: 'AUTH-UNSIGNED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'The signature is verified only when the token has one: a JWT with its signature part emptied is accepted.',
    overlay: everywhere((key) => shortcuts.emptySignature(checkToken(key))),
  },
  'auth-accepts-mixed-up-token': {
    clause: 'AUTH-MALFORMED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'A hand-rolled decoder reads a first segment without alg as an unsigned token: a JWT whose header is the claims segment is accepted.',
    overlay: everywhere((key) => shortcuts.headerWithoutAlg(checkToken(key))),
  },
  'auth-expiry-not-checked': {
    clause: 'AUTH-EXPIRED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description: 'The JWT exp claim is not checked, so expired tokens work.',
    overlay: everywhere(shortcuts.expiryIgnored),
  },
  // One route with a verifier of its own (a route served by another stack): the attack works there only.
  'auth-alg-none-on-po-get-by-id': {
    clause: 'AUTH-UNSIGNED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'GET /purchaseOrders/{id} goes through an older token filter that honours alg "none"; every other route refuses it.',
    overlay: onRoute('GET', '/purchaseOrders/:id', (key) => shortcuts.algNone(checkToken(key))),
  },
  'auth-stripped-signature-on-slots': {
    clause: 'AUTH-UNSIGNED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'GET /appointmentRequests/availableSlots verifies a signature only when there is one; every other route refuses an emptied signature.',
    overlay: onRoute('GET', '/appointmentRequests/availableSlots', (key) => shortcuts.emptySignature(checkToken(key))),
  },
  'auth-resigned-token-on-item-get': {
    clause: 'AUTH-BAD-SIGNATURE-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description: 'GET /items/{itemId} compares HMAC signatures by length only; every other route verifies them.',
    overlay: onRoute('GET', '/items/:itemId', (key) => shortcuts.lengthOnlyHmac(checkToken(key))),
  },
  'auth-token-without-exp-on-customer-get': {
    clause: 'AUTH-BAD-SIGNATURE-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'GET /customers/{customerId} only decodes a token without exp; every other route verifies its signature.',
    overlay: onRoute('GET', '/customers/:customerId', (key) => shortcuts.noExpUnverified(checkToken(key))),
  },
  'auth-mixed-up-token-on-inventory-list': {
    clause: 'AUTH-MALFORMED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'GET /inventoryLevels reads a first segment without alg as an unsigned token; every other route refuses it.',
    overlay: onRoute('GET', '/inventoryLevels', (key) => shortcuts.headerWithoutAlg(checkToken(key))),
  },
  'auth-expiry-not-checked-on-vehicle-get': {
    clause: 'AUTH-EXPIRED-TOKEN-REJECTED',
    technique: { name: 'token-attack', resource: 'auth' },
    description:
      'GET /vehicles/{vehicleId} verifies the signature but never exp; every other route refuses an expired token.',
    overlay: onRoute('GET', '/vehicles/:vehicleId', shortcuts.expiryIgnored),
  },
  'auth-json-vehicles-415': {
    clause: 'AUTH-JSON-BODIES',
    description:
      'POST /vehicles accepts only application/vnd.api+json: a body sent with Content-Type: application/json gets 415 (§5.2).',
    overlay: wrapLayer('json', (json) => (ex, next) => {
      const route = ex.match?.route;
      if (
        route?.method === 'POST' &&
        route.path === '/vehicles' &&
        /^application\/json/i.test(ex.req.headers['content-type'] ?? '')
      )
        return Promise.resolve(errorReply(415, 'Content-Type must be application/vnd.api+json'));
      return json(ex, next);
    }),
  },
} as const satisfies Record<string, FaultDef>;
