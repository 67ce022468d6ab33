import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  algNone,
  claimsAsHeader,
  credentialKinds,
  resigned,
  strippedSignature,
  tamperedSignature,
  withoutExp,
  type BadCredential,
} from '../suites/auth/credentials.js';
import { isWrite, type Endpoint } from '../suites/auth/endpoints.js';
import { deal, everyReadKinds } from '../suites/auth/matrix.js';

/** The token attacks of suites/auth: what each forged token is, and how the rate-limited deal spreads them over the routes. */

const key = new TextEncoder().encode('the target key, which the harness never has');
const token = await new SignJWT({ companies: ['c1'], permissions: ['purchaseOrders'] })
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .setSubject('partner')
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(key);
const [head, payload] = token.split('.');
const claims = decodeJwt(token);

describe('forged tokens', () => {
  it('alg none: the same claims under a header saying none, signature part empty', () => {
    const t = algNone(token)!;
    expect(decodeProtectedHeader(t)).toEqual({ alg: 'none', typ: 'JWT' });
    expect(decodeJwt(t)).toEqual(claims);
    expect(t.endsWith('.')).toBe(true);
  });

  it('stripped: header and claims unchanged, signature part empty', () => {
    expect(strippedSignature(token)).toBe(`${head}.${payload}.`);
  });

  it('re-signed: header and claims unchanged, a valid HS256 signature of another key', async () => {
    const other = randomBytes(32);
    const t = resigned(token, other)!;
    expect(t.startsWith(`${head}.${payload}.`)).toBe(true);
    await expect(jwtVerify(t, other)).resolves.toBeTruthy();
    await expect(jwtVerify(t, key)).rejects.toThrow(/signature/);
  });

  it('without exp: the claims but exp, signed with another key', async () => {
    const other = randomBytes(32);
    const t = withoutExp(token, other)!;
    const { exp: _exp, ...rest } = claims;
    expect(decodeJwt(t)).toEqual(rest);
    await expect(jwtVerify(t, other)).resolves.toBeTruthy();
    await expect(jwtVerify(t, key)).rejects.toThrow();
  });

  it('claims as header: the first segment is the claims, naming no alg', () => {
    const t = claimsAsHeader(token)!;
    expect(t.split('.')[0]).toBe(payload);
    expect('alg' in decodeProtectedHeader(t)).toBe(false);
  });

  it('tampered: only the signature changes', () => {
    const t = tamperedSignature(token)!;
    expect(t.split('.').slice(0, 2)).toEqual([head, payload]);
    expect(t).not.toBe(token);
  });

  it('needs a JWT to forge from', () => {
    for (const f of [algNone, strippedSignature, claimsAsHeader, tamperedSignature])
      expect(f('opaque-token')).toBeUndefined();
    expect(resigned('a.b.c', key)).toBeUndefined();
  });
});

describe('the deal of the auth matrix', () => {
  const read = (path: string): Endpoint => ({ method: 'GET', path });
  const write = (path: string): Endpoint => ({ method: 'POST', path });
  const endpoints = [
    ...Array.from({ length: 12 }, (_, i) => read(`/r${i}`)),
    ...Array.from({ length: 10 }, (_, i) => write(`/w${i}`)),
  ];
  const reads = endpoints.filter((e) => !isWrite(e));
  const writes = endpoints.filter(isWrite);
  const kinds: readonly BadCredential[] = credentialKinds;
  const pairsOf = (pairs: [BadCredential, Endpoint][], k: BadCredential) =>
    pairs.filter(([x]) => x === k).map(([, e]) => e.path);

  it('unlimited: every kind against every endpoint', () => {
    expect(deal(endpoints, kinds, false, 1)).toHaveLength(kinds.length * endpoints.length);
  });

  it.each([1, 2, 3, 42, 4242])(
    'rate-limited (seed %i): every token attack on every read, the rest dealt once per endpoint',
    (seed) => {
      const pairs = deal(endpoints, kinds, true, seed);
      for (const k of everyReadKinds)
        expect(
          pairsOf(pairs, k)
            .filter((p) => p.startsWith('/r'))
            .sort(),
        ).toEqual(reads.map((e) => e.path).sort());
      const dealtReads = pairs.filter(([k, e]) => !everyReadKinds.includes(k) && !isWrite(e)).map(([, e]) => e.path);
      expect(dealtReads.sort()).toEqual(reads.map((e) => e.path).sort());
      const writePairs = pairs.filter(([, e]) => isWrite(e)).map(([, e]) => e.path);
      expect(writePairs.sort()).toEqual(writes.map((e) => e.path).sort());
      for (const k of kinds)
        expect(
          pairs.some(([x, e]) => x === k && isWrite(e)),
          k,
        ).toBe(true);
      expect(pairs).toHaveLength(everyReadKinds.length * reads.length + reads.length + writes.length);
    },
  );

  it('is reproducible with the seed', () => {
    expect(deal(endpoints, kinds, true, 7)).toEqual(deal(endpoints, kinds, true, 7));
  });

  it('without the expired token, the other kinds share the writes', () => {
    const pairs = deal(
      endpoints,
      kinds.filter((k) => k !== 'expired'),
      true,
      3,
    );
    expect(pairs.some(([k]) => k === 'expired')).toBe(false);
    expect(pairs.filter(([, e]) => isWrite(e))).toHaveLength(writes.length);
  });
});
