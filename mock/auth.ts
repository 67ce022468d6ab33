import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/** The mock's tokens: HS256 JWTs (§5.1: a JWT bearer token), minted and verified with jose. */

export type Permission = 'purchaseOrders';

export interface Claims {
  sub: string;
  companies: string[];
  permissions: Permission[];
  iat: number;
  exp: number;
}

export type Verdict = { ok: true; claims: Claims } | { ok: false; reason: string };

/** The HS256 key of one mock instance, from its secret. */
export type TokenKey = Uint8Array;
export const tokenKey = (secret: string): TokenKey => new TextEncoder().encode(secret);

export interface MintOptions extends Omit<Claims, 'iat' | 'exp'> {
  ttlSeconds?: number;
  /** Issue time, for an already expired token. */
  nowSeconds?: number;
}

export function mintToken(key: TokenKey, claims: MintOptions): Promise<string> {
  const now = claims.nowSeconds ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ companies: claims.companies, permissions: claims.permissions })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.ttlSeconds ?? 3600))
    .sign(key);
}

/** The payload as Claims when it has their shape; a token of another shape opens nothing. */
export function claimsFrom(payload: JWTPayload): Claims | undefined {
  const { sub, companies, permissions, iat, exp } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof exp !== 'number' || !Array.isArray(companies) || !Array.isArray(permissions))
    return undefined;
  return {
    sub,
    companies: companies as string[],
    permissions: permissions as Permission[],
    iat: typeof iat === 'number' ? iat : 0,
    exp,
  };
}

/** Signature (HS256 only), expiry and shape; never throws. */
export async function verifyToken(key: TokenKey, token: string): Promise<Verdict> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const claims = claimsFrom(payload);
    return claims ? { ok: true, claims } : { ok: false, reason: 'malformed token' };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'token expired' };
    if (err instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'invalid signature' };
    return { ok: false, reason: 'malformed token' };
  }
}

/** The check of the auth layer: the claims of a valid token, else undefined. */
export const checkToken =
  (key: TokenKey) =>
  async (token: string): Promise<Claims | undefined> => {
    const verdict = await verifyToken(key, token);
    return verdict.ok ? verdict.claims : undefined;
  };
