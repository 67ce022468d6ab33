import type { CheckContext } from '../../harness/conformance.js';

/** Bad credentials for §5.1, derived from the run's real token where a JWT is needed. */

export type BadCredential = 'missing' | 'malformed' | 'bad-signature' | 'expired';

export interface Forged {
  /** null: no Authorization header at all. */
  token: string | null;
  /** What the report should know about how it was made. */
  note?: string;
}

function jwtParts(token: string): [string, string, string] | undefined {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p)) ? (parts as [string, string, string]) : undefined;
}

/** The real token with its signature's first character changed: still a JWT, no longer verifiable. */
export function tamperedSignature(token: string): string | undefined {
  const parts = jwtParts(token);
  if (!parts || parts[2].length === 0) return undefined;
  const [head, payload, sig] = parts;
  // The first character carries 6 full bits of the signature (the last may carry padding bits only).
  return `${head}.${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
}

/** The real token's payload with exp an hour in the past; its signature no longer matches. */
export function forgedExpired(token: string, nowSeconds = Math.floor(Date.now() / 1000)): string | undefined {
  const parts = jwtParts(token);
  if (!parts) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const payload = Buffer.from(JSON.stringify({ ...claims, iat: nowSeconds - 7200, exp: nowSeconds - 3600 })).toString('base64url');
  return `${parts[0]}.${payload}.${parts[2]}`;
}

const wrap = (token: string | undefined): Forged | undefined => (token === undefined ? undefined : { token });

/** The credential of a kind, or why it cannot be derived from the configured token. */
export function deriveCredential(ctx: CheckContext, kind: BadCredential): Forged | string {
  switch (kind) {
    case 'missing':
      return { token: null };
    case 'malformed':
      return { token: `not-a-jwt-${ctx.marker}` };
    case 'bad-signature':
      return wrap(tamperedSignature(ctx.target.token)) ?? 'the configured access token is not a JWT: no signature to tamper with';
    case 'expired': {
      if (ctx.target.expiredToken) return { token: ctx.target.expiredToken, note: 'a correctly signed token that has expired (minted by the embedded mock)' };
      const token = forgedExpired(ctx.target.token);
      if (!token) return 'the configured access token is not a JWT: no expiry to forge';
      return { token, note: 'the real token with exp moved an hour into the past; its signature no longer matches, so a rejection may be for the signature alone' };
    }
  }
}
