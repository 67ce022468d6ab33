import { checkToken, mintToken, tokenKey, type Claims } from '../../mock/auth.js';

/**
 * The gateway's token check: the backends' own (same HS256 secret), done first, so a request
 * without a valid token is refused before its ids or paging are looked at. Verified tokens are
 * remembered until they expire.
 */
export class Gateway {
  private readonly check;
  private readonly key;
  private readonly verified = new Map<string, Claims>();
  private readonly replayTokens = new Map<string, Promise<string>>();

  constructor(secret: string) {
    this.key = tokenKey(secret);
    this.check = checkToken(this.key);
  }

  async claimsOf(authorization: string | undefined): Promise<Claims | undefined> {
    const token = /^Bearer ([^\s]+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    const cached = this.verified.get(token);
    if (cached && cached.exp > Date.now() / 1000) return cached;
    const claims = await this.check(token).catch(() => undefined);
    if (claims) {
      if (this.verified.size > 10_000) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  /**
   * A long-lived token with the caller's claims, for the replica's replay and deferred jobs: the
   * write was authorised when it was taken, and must not fail later because the caller's token
   * expired meanwhile (the replica would then diverge from the primary).
   */
  replayToken(claims: Claims): Promise<string> {
    const id = JSON.stringify([claims.sub, claims.companies, claims.permissions]);
    let token = this.replayTokens.get(id);
    if (!token) {
      token = mintToken(this.key, {
        sub: claims.sub,
        companies: claims.companies,
        permissions: claims.permissions,
        ttlSeconds: 30 * 86_400,
      });
      this.replayTokens.set(id, token);
    }
    return token;
  }
}
