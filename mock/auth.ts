import { createHmac, timingSafeEqual } from 'node:crypto';

/** Minimal HS256 JWTs: the mock mints and verifies its own tokens (§5.1: a JWT bearer token). */

export type Permission = 'purchaseOrders';

export interface Claims {
  sub: string;
  companies: string[];
  permissions: Permission[];
  iat: number;
  exp: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export function mintToken(secret: string, claims: Omit<Claims, 'iat' | 'exp'> & { ttlSeconds?: number; nowSeconds?: number }): string {
  const now = claims.nowSeconds ?? Math.floor(Date.now() / 1000);
  const body: Claims = {
    sub: claims.sub,
    companies: claims.companies,
    permissions: claims.permissions,
    iat: now,
    exp: now + (claims.ttlSeconds ?? 3600),
  };
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify(body));
  const sig = createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
  return `${head}.${payload}.${sig}`;
}

export type Verdict = { ok: true; claims: Claims } | { ok: false; reason: string };

/** Switches for the auth faults of mock/faults/auth.ts; both checks are on by default. */
export interface VerifyOptions {
  checkSignature?: boolean;
  checkExpiry?: boolean;
}

export function verifyToken(secret: string, token: string, nowSeconds = Math.floor(Date.now() / 1000), opts: VerifyOptions = {}): Verdict {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed token' };
  const [head, payload, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest();
  let given: Buffer;
  try {
    given = Buffer.from(sig, 'base64url');
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  if (!signed && opts.checkSignature !== false) return { ok: false, reason: 'invalid signature' };
  let claims: Claims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
  if (!claims || typeof claims.exp !== 'number' || !Array.isArray(claims.companies) || !Array.isArray(claims.permissions)) {
    return { ok: false, reason: 'malformed token' };
  }
  if (claims.exp <= nowSeconds && opts.checkExpiry !== false) return { ok: false, reason: 'token expired' };
  return { ok: true, claims };
}

/** True when a bearer value has the shape of a JWT: three segments and a JSON header naming an alg. */
export function isJwtShaped(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  try {
    const head = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as unknown;
    return typeof head === 'object' && head !== null && 'alg' in head;
  } catch {
    return false;
  }
}
