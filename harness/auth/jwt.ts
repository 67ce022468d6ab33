import { randomBytes } from 'node:crypto';

/** Reads a JWT's claims without verifying it (the harness only needs `exp`); undefined when not a JWT. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Expiry in epoch milliseconds from the `exp` claim, when the token is a JWT that has one. */
export function jwtExpiryMs(token: string): number | undefined {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
}

/**
 * A stand-in for a real token, handed to the test workers instead of it; the pacing proxy swaps
 * it for the current real token on the way out. Workers (and so every file they write) never
 * hold a secret, and a refreshed token needs no worker to learn it. For a JWT the stand-in keeps
 * the real header and claims with a made-up signature, so checks that tamper with a token still
 * send something JWT-shaped; the signature is the secret part and never leaves the main process.
 */
export function placeholderFor(token: string, label: string): string {
  const marker = Buffer.from(`conformance-placeholder:${label}:${randomBytes(9).toString('hex')}`).toString(
    'base64url',
  );
  const parts = token.split('.');
  return parts.length === 3
    ? `${parts[0]}.${parts[1]}.${marker}`
    : `cnf-placeholder-${label}-${randomBytes(9).toString('hex')}`;
}
