import { request } from 'undici';
import { ConfigError, TransportError } from '../core/errors.js';
import { redact, registerSecret } from '../redact.js';
import { jwtExpiryMs } from './jwt.js';

/** Where the current access token comes from: a fixed ACCESS_TOKEN, or a login session. */
export interface TokenSource {
  /** The token to send now; waits for a refresh only when the current token has expired. */
  current(): Promise<string>;
  stop(): void;
}

const expiredError = (what: string) => new TransportError(`${what}; the request was not sent`, 'TOKEN_EXPIRED');

/**
 * A fixed token (ACCESS_TOKEN). Once its JWT `exp` has passed, requests stop with a transport
 * error, so the checks left become inconclusive instead of failing on 401s the target is right to give.
 */
export function staticToken(token: string, now: () => number = Date.now): TokenSource {
  registerSecret(token);
  const expiresAt = jwtExpiryMs(token);
  return {
    current: async () => {
      if (expiresAt !== undefined && now() >= expiresAt)
        throw expiredError(`ACCESS_TOKEN expired at ${new Date(expiresAt).toISOString()}`);
      return token;
    },
    stop: () => undefined,
  };
}

export interface LoginOptions {
  /** BASE_URL, ending in /v2. */
  baseUrl: string;
  partnerId: string;
  authKey: string;
  /** AUTH_LOGIN_PATH and AUTH_REFRESH_PATH: relative to the base URL, or full URLs (§5.4 leaves them "not shown"). */
  loginPath: string;
  refreshPath: string;
  timeoutMs: number;
  /** Token lifetime assumed when the access token carries no `exp` (the platform documents one hour). */
  defaultLifetimeMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

interface Tokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt: number;
  obtainedAt: number;
}

const ONE_HOUR = 3_600_000;

function pick(body: unknown, field: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const data = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : undefined;
  const v = data?.[field] ?? b[field];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/**
 * Logs in with PARTNER_ID and AUTH_KEY, then refreshes the access token ahead of its expiry
 * (from the JWT `exp` when present). A failed refresh falls back to a fresh login. Every token
 * it sees is registered as a secret before anything can print it.
 */
export class LoginSession implements TokenSource {
  private tokens!: Tokens;
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;
  private stopped = false;
  /** When a renewal that failed may be tried again by a request (epoch ms). */
  private retryAt = 0;
  logins = 0;
  refreshes = 0;
  private readonly now: () => number;

  private constructor(private readonly o: LoginOptions) {
    this.now = o.now ?? Date.now;
  }

  static async start(o: LoginOptions): Promise<LoginSession> {
    registerSecret(o.authKey);
    const s = new LoginSession(o);
    s.adopt(await s.login());
    return s;
  }

  async current(): Promise<string> {
    // Past its refresh time a token is renewed before it is handed out, even when the timer is late
    // (a busy event loop): a token a second from expiry can expire on its way to the target.
    // After a failed renewal the timer tries again; until then only an expired token waits for one.
    const due = this.now() >= this.refreshAt && this.now() >= this.retryAt;
    if (due || this.now() >= this.tokens.expiresAt) await this.renew();
    if (this.now() >= this.tokens.expiresAt) throw expiredError('the access token expired and could not be renewed');
    return this.tokens.accessToken;
  }

  /** When the next refresh is due (epoch ms). */
  get refreshAt(): number {
    const lifetime = Math.max(0, this.tokens.expiresAt - this.tokens.obtainedAt);
    const margin = Math.min(300_000, Math.max(1_000, lifetime * 0.2));
    return this.tokens.expiresAt - margin;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Refreshes now (or joins the refresh under way). */
  renew(): Promise<void> {
    this.renewing ??= this.refreshOrLogin().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async refreshOrLogin(): Promise<void> {
    if (this.tokens.refreshToken) {
      try {
        this.adopt(await this.refresh(this.tokens.refreshToken));
        return;
      } catch (err) {
        this.o.log?.(`Token refresh failed (${redact((err as Error).message)}); logging in again.`);
      }
    }
    try {
      this.adopt(await this.login());
    } catch (err) {
      // Keep the old token; a later request or timer tries again.
      this.o.log?.(`Login failed (${redact((err as Error).message)}); keeping the current token.`);
      const wait = Math.min(30_000, Math.max(1_000, this.tokens.expiresAt - this.now()));
      this.retryAt = this.now() + wait;
      this.schedule(wait);
    }
  }

  private adopt(t: Tokens): void {
    this.tokens = t;
    this.schedule(this.refreshAt - this.now());
  }

  private schedule(inMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.renew(), Math.max(0, inMs));
    this.timer.unref();
  }

  private async login(): Promise<Tokens> {
    const body = await this.post(
      this.o.loginPath,
      { partnerId: this.o.partnerId, authKey: this.o.authKey },
      'AUTH_LOGIN_PATH',
    );
    this.logins += 1;
    return this.tokensFrom(body, 'login');
  }

  private async refresh(refreshToken: string): Promise<Tokens> {
    const body = await this.post(this.o.refreshPath, { refreshToken }, 'AUTH_REFRESH_PATH');
    this.refreshes += 1;
    const t = this.tokensFrom(body, 'refresh');
    return { ...t, refreshToken: t.refreshToken ?? refreshToken };
  }

  private tokensFrom(body: unknown, what: string): Tokens {
    const accessToken = pick(body, 'accessToken');
    const refreshToken = pick(body, 'refreshToken');
    registerSecret(accessToken);
    registerSecret(refreshToken);
    if (!accessToken) throw new ConfigError(`the ${what} answer carries no data.accessToken`);
    const obtainedAt = this.now();
    return {
      accessToken,
      refreshToken,
      obtainedAt,
      expiresAt: jwtExpiryMs(accessToken) ?? obtainedAt + (this.o.defaultLifetimeMs ?? ONE_HOUR),
    };
  }

  private async post(path: string, payload: unknown, pathVar: string): Promise<unknown> {
    // A full URL is taken as it is: the token service may live outside the /v2 base.
    const url = /^https?:\/\//i.test(path)
      ? path
      : `${this.o.baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
    let res;
    try {
      res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        headersTimeout: this.o.timeoutMs,
        bodyTimeout: this.o.timeoutMs,
        signal: AbortSignal.timeout(this.o.timeoutMs + 1_000),
      });
    } catch (err) {
      const e = err as Error & { code?: string };
      throw new TransportError(`POST ${path}: ${redact(e.message)}`, e.code ?? e.name);
    }
    const text = await res.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // Register before anything could print the body.
    registerSecret(pick(json, 'accessToken'));
    registerSecret(pick(json, 'refreshToken'));
    if (res.statusCode >= 500)
      throw new TransportError(`POST ${path} answered HTTP ${res.statusCode}`, `HTTP_${res.statusCode}`);
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new ConfigError(
        `POST ${path} (${pathVar}) with PARTNER_ID and AUTH_KEY was refused: HTTP ${res.statusCode}`,
      );
    }
    return json;
  }
}
