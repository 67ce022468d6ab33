import { createHmac, randomBytes } from 'node:crypto';
import type { CheckContext } from '../../harness/conformance.js';
import { jwtExpiryMs } from '../../harness/auth/jwt.js';

/**
 * The bad credentials of the auth matrix (§5.1: every endpoint needs a valid access token, a JWT),
 * derived from the run's token where a JWT is needed.
 *
 * Workers hold a stand-in of the real token (harness/auth/jwt.ts placeholderFor): its header and
 * claims are the real ones, its signature part is made up; the real signature never leaves the
 * main process. Every forgery below is built from that header and those claims, which is all an
 * attacker who has seen a token knows too.
 *
 * The token-attack catalogue (the kinds after the first three): each is a token a server that
 * verifies JWTs properly refuses, and that one particular shortcut in a verifier accepts.
 * - alg-none: the claims under a header saying alg "none", signature part empty (RFC 7519 §6).
 * - stripped: the header and claims unchanged, signature part empty.
 * - other-key: the header and claims unchanged, signed HS256 with a random key of this run.
 * - no-exp: the claims without exp, signed HS256 with a random key. The harness cannot sign with
 *   the target's key, so this token can only show that a missing exp does not switch signature
 *   checking off: a conforming server refuses it for its signature, whatever it thinks of tokens
 *   without exp (their lifetime is not shown, §5.4), so a refusal is always right and an
 *   acceptance always wrong. It is a bad-signature token; it cannot show how a server treats a
 *   correctly signed token without exp, and does not claim to.
 * - claims-as-header: the claims segment put in the header's place too (header and claims mixed
 *   up): the first segment is not a JOSE header, it names no alg.
 * - expired: a correctly signed token of the target that has expired (ACCESS_TOKEN_EXPIRED; the
 *   embedded mock mints one). The harness cannot make one, so without it the attack is not testable.
 */

export const credentialKinds = [
  'missing',
  'malformed',
  'tampered',
  'other-key',
  'no-exp',
  'alg-none',
  'stripped',
  'claims-as-header',
  'expired',
] as const;
export type BadCredential = (typeof credentialKinds)[number];

export interface Forged {
  /** null: no Authorization header at all. */
  token: string | null;
  /** What the report should know about how it was made. */
  note?: string;
}

/** Why a kind has no credential here: `skip` when the run lacks an optional input (not testable here), else inconclusive. */
export interface Unavailable {
  why: string;
  skip?: boolean;
  /** The optional setting whose absence makes it a skip: the headline tells the user to set it. */
  setting?: string;
}

export type Derived = Forged | Unavailable;
export const isForged = (d: Derived): d is Forged => 'token' in d;

type Parts = [string, string, string];

function jwtParts(token: string): Parts | undefined {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p)) ? (parts as Parts) : undefined;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decoded(segment: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The token's header and claims segments, both JSON objects, else undefined. */
function jwtSegments(
  token: string,
): { parts: Parts; header: Record<string, unknown>; claims: Record<string, unknown> } | undefined {
  const parts = jwtParts(token);
  const header = parts && decoded(parts[0]);
  const claims = parts && decoded(parts[1]);
  return parts && header && claims ? { parts, header, claims } : undefined;
}

/** The token with its signature's first character changed: still a JWT, no longer verifiable. */
export function tamperedSignature(token: string): string | undefined {
  const parts = jwtParts(token);
  if (!parts || parts[2].length === 0) return undefined;
  const [head, payload, sig] = parts;
  // The first character carries 6 full bits of the signature (the last may carry padding bits only).
  return `${head}.${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
}

/** The claims under `{ ...header, alg: 'none' }`, with an empty signature part. */
export function algNone(token: string): string | undefined {
  const s = jwtSegments(token);
  return s && `${b64({ ...s.header, alg: 'none' })}.${s.parts[1]}.`;
}

/** The header and claims as they are, the signature part emptied. */
export function strippedSignature(token: string): string | undefined {
  const s = jwtSegments(token);
  return s && `${s.parts[0]}.${s.parts[1]}.`;
}

/** The claims segment in both places: a first segment that is not a JOSE header. */
export function claimsAsHeader(token: string): string | undefined {
  const s = jwtSegments(token);
  return s && `${s.parts[1]}.${s.parts[1]}.${s.parts[2]}`;
}

/** An HS256 header: the token's own, byte for byte, when it already says HS256. */
function hs256Header(s: NonNullable<ReturnType<typeof jwtSegments>>): string {
  return s.header.alg === 'HS256' ? s.parts[0] : b64({ ...s.header, alg: 'HS256' });
}

const sign = (key: Uint8Array, input: string) =>
  `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;

/** The header and claims re-signed with HS256 and `key`. */
export function resigned(token: string, key: Uint8Array): string | undefined {
  const s = jwtSegments(token);
  return s && sign(key, `${hs256Header(s)}.${s.parts[1]}`);
}

/** The claims without exp, signed with HS256 and `key`; undefined when the token has no exp to leave out. */
export function withoutExp(token: string, key: Uint8Array): string | undefined {
  const s = jwtSegments(token);
  if (!s || !('exp' in s.claims)) return undefined;
  const { exp: _dropped, ...claims } = s.claims;
  return sign(key, `${hs256Header(s)}.${b64(claims)}`);
}

/** How long ago ACCESS_TOKEN_EXPIRED must have expired to be judged. */
export const EXPIRY_MARGIN_MS = 5 * 60_000;

const notJwt = 'the configured access token is not a JWT with a JSON header and claims: nothing to forge from';

/** The credential of a kind, or why this run has none. `key` signs other-key and no-exp (random per run). */
export function deriveCredential(ctx: CheckContext, kind: BadCredential, key: Uint8Array = randomBytes(32)): Derived {
  const token = ctx.target.token;
  const or = (t: string | undefined, why: string = notJwt, note?: string): Derived =>
    t === undefined ? { why } : { token: t, ...(note ? { note } : {}) };
  switch (kind) {
    case 'missing':
      return { token: null };
    case 'malformed':
      return { token: `not-a-jwt-${ctx.marker}` };
    case 'tampered':
      return or(tamperedSignature(token), 'the configured access token is not a JWT: no signature to tamper with');
    case 'other-key':
      return or(
        resigned(token, key),
        notJwt,
        "the token's header (alg HS256) and claims, signed with a random key of this run",
      );
    case 'no-exp':
      return or(
        withoutExp(token, key),
        'the configured access token has no exp claim to leave out',
        "the token's claims without exp, signed HS256 with a random key: a refusal is right whatever the server thinks of tokens without exp, since the signature is foreign; an acceptance shows the signature was not checked",
      );
    case 'alg-none':
      return or(algNone(token), notJwt, 'the token\'s claims under a header with alg "none", signature part empty');
    case 'stripped':
      return or(strippedSignature(token), notJwt, "the token's header and claims with the signature part emptied");
    case 'claims-as-header':
      return or(
        claimsAsHeader(token),
        notJwt,
        "the claims segment in the header's place as well (a first segment naming no alg)",
      );
    case 'expired': {
      const expired = ctx.target.expiredToken;
      if (!expired) {
        return {
          why: 'not testable here: ACCESS_TOKEN_EXPIRED is not set, and only the target can sign an expired token of its own',
          skip: true,
          setting: 'ACCESS_TOKEN_EXPIRED',
        };
      }
      // A server may allow some clock leeway after exp (not shown, §5.4): a token only just expired proves nothing.
      const exp = jwtExpiryMs(expired);
      if (exp !== undefined && exp > Date.now() - EXPIRY_MARGIN_MS) {
        return {
          why: `ACCESS_TOKEN_EXPIRED expires or expired at ${new Date(exp).toISOString()}, less than ${EXPIRY_MARGIN_MS / 60_000} minutes ago: a server's clock leeway may still accept it`,
        };
      }
      return {
        token: expired,
        note:
          ctx.target.kind === 'embedded'
            ? 'a correctly signed token that has expired (minted by the embedded mock)'
            : 'ACCESS_TOKEN_EXPIRED: a token of the target that has expired',
      };
    }
  }
}
