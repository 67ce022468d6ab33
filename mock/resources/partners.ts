import { bodyObject } from '../context.js';
import { badRequest, fail, ok, type Reply } from '../http.js';
import type { RequestContext, Route } from '../types.js';
import { fixtures } from '../seed/index.js';

/**
 * Token endpoints. §5.4 leaves how a token is obtained "not shown"; these follow the platform's
 * public docs (login with partnerId and authKey, refresh with a refresh token, access tokens
 * for one hour), so the harness's PARTNER_ID / AUTH_KEY path can be tried end to end. They live
 * below /v2 because the harness resolves AUTH_LOGIN_PATH and AUTH_REFRESH_PATH against BASE_URL.
 */

const REFRESH_PREFIX = 'refresh:';
const REFRESH_TTL_SECONDS = 30 * 86_400;

function issuerOf(ctx: RequestContext) {
  if (!ctx.issuer) fail(404, 'unknown route');
  return ctx.issuer!;
}

async function tokensFor(ctx: RequestContext, partnerId: string): Promise<Reply> {
  const issuer = issuerOf(ctx);
  const ttl = issuer.accessTtlSeconds();
  const accessToken = await issuer.mint(
    { sub: partnerId, companies: [fixtures.companyId, fixtures.otherCompanyId], permissions: ['purchaseOrders'] },
    ttl,
  );
  // A refresh token is a signed token of its own kind: it opens no company, so it is useless as an access token.
  const refreshToken = await issuer.mint(
    { sub: `${REFRESH_PREFIX}${partnerId}`, companies: [], permissions: [] },
    REFRESH_TTL_SECONDS,
  );
  return ok({ success: true, message: 'Token generated', data: { accessToken, refreshToken, expiresIn: ttl } });
}

async function login(ctx: RequestContext): Promise<Reply> {
  const body = bodyObject(ctx);
  const { partnerId, authKey } = body;
  if (typeof partnerId !== 'string' || typeof authKey !== 'string') badRequest('partnerId and authKey are required');
  const { partner } = issuerOf(ctx);
  if (partnerId !== partner.partnerId || authKey !== partner.authKey) fail(401, 'invalid partnerId or authKey');
  return tokensFor(ctx, partnerId as string);
}

async function refresh(ctx: RequestContext): Promise<Reply> {
  const { refreshToken } = bodyObject(ctx);
  if (typeof refreshToken !== 'string') badRequest('refreshToken is required');
  const verdict = await issuerOf(ctx).verify(refreshToken as string);
  if (!verdict.ok || !verdict.claims.sub.startsWith(REFRESH_PREFIX)) fail(401, 'invalid or expired refresh token');
  const partnerId = (verdict as { claims: { sub: string } }).claims.sub.slice(REFRESH_PREFIX.length);
  return tokensFor(ctx, partnerId);
}

export const partnerRoutes: Route[] = [
  { method: 'POST', path: '/partners/login', handler: login, public: true },
  { method: 'POST', path: '/partners/generateNewAccessToken', handler: refresh, public: true },
];
