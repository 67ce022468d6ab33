import { describe, expect, it } from 'vitest';
import { loadSettings } from '../harness/config.js';
import { ConfigError } from '../harness/core/errors.js';

const live = { BASE_URL: 'https://api.example.test/v2', ACCESS_TOKEN: 'tok-123456789', COMPANY_ID: 'c1' };
const load = (env: Record<string, string>) => loadSettings(env, { dotenv: false });
const errorOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('configuration', () => {
  it('defaults to the embedded mock, unlimited and full mode', () => {
    const s = load({});
    expect(s.baseUrl).toBeUndefined();
    expect(s).toMatchObject({ mode: 'full', rateLimitGetPerMin: 0, rateLimitWritePerMin: 0 });
  });

  it('applies the live defaults against a BASE_URL: 150 GETs and 50 writes a minute, modest runs', () => {
    const s = load(live);
    expect(s).toMatchObject({ baseUrl: 'https://api.example.test/v2', rateLimitGetPerMin: 150, rateLimitWritePerMin: 50, numRuns: 2 });
  });

  it('names COMPANY_ID when it is missing against a BASE_URL', () => {
    expect(errorOf({ ...live, COMPANY_ID: '' })).toMatch(/^COMPANY_ID is required/);
  });

  it('names ACCESS_TOKEN unless PARTNER_ID and AUTH_KEY are both set', () => {
    expect(errorOf({ ...live, ACCESS_TOKEN: '' })).toMatch(/ACCESS_TOKEN is required/);
    expect(errorOf({ ...live, ACCESS_TOKEN: '', PARTNER_ID: 'p' })).toMatch(/AUTH_KEY is required/);
    expect(load({ ...live, ACCESS_TOKEN: '', PARTNER_ID: 'p', AUTH_KEY: 'secret-key-1' }).partnerId).toBe('p');
  });

  it('requires the version segment v2 at the end of BASE_URL (§1)', () => {
    expect(errorOf({ ...live, BASE_URL: 'https://api.example.test/v1' })).toMatch(/BASE_URL must end with the version segment \/v2/);
    expect(load({ ...live, BASE_URL: 'https://api.example.test/v2/' }).baseUrl).toBe('https://api.example.test/v2');
    expect(errorOf({ ...live, BASE_URL: 'not a url' })).toMatch(/BASE_URL is not a valid URL/);
  });

  it('rejects bad numbers and modes with the variable named', () => {
    expect(errorOf({ NUM_RUNS: 'many' })).toMatch(/^NUM_RUNS must be a whole number/);
    expect(errorOf({ RATE_LIMIT_GET_PER_MIN: '-1' })).toMatch(/^RATE_LIMIT_GET_PER_MIN/);
    expect(errorOf({ CONFORMANCE_MODE: 'write' })).toMatch(/^CONFORMANCE_MODE must be "full" or "readonly"/);
    expect(load({ RATE_LIMIT_GET_PER_MIN: '0', SEED: '42' })).toMatchObject({ rateLimitGetPerMin: 0, seed: 42 });
  });

  it('rejects an OTHER_COMPANY_ID equal to COMPANY_ID', () => {
    expect(errorOf({ ...live, OTHER_COMPANY_ID: 'c1' })).toMatch(/OTHER_COMPANY_ID must differ/);
  });
});
