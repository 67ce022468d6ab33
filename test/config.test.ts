import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { envSetting, loadSettings, reportSettings, settingsCatalogue, validatedSettings } from '../harness/config.js';
import { ConfigError } from '../harness/core/errors.js';

// A spec file of its own: a checkout without ../shared/spec beside it adds a warning these tests do not expect.
const specFile = join(mkdtempSync(join(tmpdir(), 'cnf-config-spec-')), 'partner-api-v2.md');
writeFileSync(specFile, '# Partner Service API v2\n');
const live = {
  BASE_URL: 'https://api.example.test/v2',
  ACCESS_TOKEN: 'tok-123456789',
  COMPANY_ID: 'c1',
  SPEC_PATH: specFile,
};
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
    expect(s).toMatchObject({
      baseUrl: 'https://api.example.test/v2',
      rateLimitGetPerMin: 150,
      rateLimitWritePerMin: 50,
      numRuns: 2,
    });
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
    expect(errorOf({ ...live, BASE_URL: 'https://api.example.test/v1' })).toMatch(
      /BASE_URL must end with the version segment \/v2/,
    );
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

  it('takes SECOND_LOCATION_ID only beside a LOCATION_ID it differs from', () => {
    expect(errorOf({ ...live, SECOND_LOCATION_ID: 'l2' })).toMatch(/^SECOND_LOCATION_ID needs LOCATION_ID/);
    expect(errorOf({ ...live, LOCATION_ID: 'l1', SECOND_LOCATION_ID: 'l1' })).toMatch(
      /^SECOND_LOCATION_ID must differ from LOCATION_ID/,
    );
    expect(load({ ...live, LOCATION_ID: 'l1', SECOND_LOCATION_ID: 'l2' })).toMatchObject({
      locationId: 'l1',
      secondLocationId: 'l2',
    });
    expect(load({ ...live, LOCATION_ID: 'l1' }).secondLocationId).toBeUndefined();
  });
});

describe('PARTNER_CONFORMANCE_ names', () => {
  const prefixed = (env: Record<string, string>) =>
    Object.fromEntries(Object.entries(env).map(([k, v]) => [`PARTNER_CONFORMANCE_${k}`, v]));

  it('every setting reads under its prefixed name alone', () => {
    const s = load(prefixed({ ...live, RATE_LIMIT_GET_PER_MIN: '30', CONFORMANCE_MODE: 'readonly' }));
    expect(s).toMatchObject({
      baseUrl: 'https://api.example.test/v2',
      accessToken: 'tok-123456789',
      companyId: 'c1',
      rateLimitGetPerMin: 30,
      mode: 'readonly',
    });
    expect(s.warnings).toEqual([]);
  });

  it('the prefixed name wins over a different plain one, with a warning that shows no value', () => {
    const s = load({
      ...live,
      BASE_URL: '/',
      PARTNER_CONFORMANCE_BASE_URL: 'https://partner.example.test/v2',
      PARTNER_CONFORMANCE_ACCESS_TOKEN: 'other-token-987',
    });
    expect(s.baseUrl).toBe('https://partner.example.test/v2');
    expect(s.accessToken).toBe('other-token-987');
    expect(s.warnings).toEqual([
      'PARTNER_CONFORMANCE_BASE_URL (environment) and BASE_URL (environment) are both set and differ: using PARTNER_CONFORMANCE_BASE_URL',
      'PARTNER_CONFORMANCE_ACCESS_TOKEN (environment) and ACCESS_TOKEN (environment) are both set and differ: using PARTNER_CONFORMANCE_ACCESS_TOKEN',
    ]);
    expect(s.warnings.join('\n')).not.toMatch(/tok-123456789|other-token-987/);
  });

  it('the same value under both names, or an empty prefixed one, is no conflict', () => {
    expect(load({ ...live, PARTNER_CONFORMANCE_COMPANY_ID: 'c1' }).warnings).toEqual([]);
    const s = load({ ...live, PARTNER_CONFORMANCE_COMPANY_ID: '' });
    expect(s.companyId).toBe('c1');
    expect(s.warnings).toEqual([]);
  });

  it('names the prefixed variable the user wrote in an error', () => {
    expect(errorOf({ PARTNER_CONFORMANCE_NUM_RUNS: 'many' })).toMatch(
      /^PARTNER_CONFORMANCE_NUM_RUNS must be a whole number/,
    );
    expect(errorOf({ ...live, BASE_URL: '', PARTNER_CONFORMANCE_BASE_URL: 'https://api.example.test/v1' })).toMatch(
      /^PARTNER_CONFORMANCE_BASE_URL must end with the version segment \/v2/,
    );
  });

  it('flags, later given by the CLI, win over every other source', () => {
    const s = loadSettings({ ...live, PARTNER_CONFORMANCE_SEED: '5' }, { dotenv: false, flags: { SEED: '7' } });
    expect(s.seed).toBe(7);
    expect(() => loadSettings({}, { dotenv: false, flags: { SEED: 'x' } })).toThrow(/^--seed must be a whole number/);
  });

  it('reportSettings and envSetting read the prefixed names too', () => {
    expect(() => reportSettings({ PARTNER_CONFORMANCE_REPORT_CLAUSES_URL: 'ftp://x' }, { dotenv: false })).toThrow(
      /^PARTNER_CONFORMANCE_REPORT_CLAUSES_URL must be an http\(s\) address/,
    );
    expect(
      reportSettings(
        { PARTNER_CONFORMANCE_REPORT_CLAUSES_URL: 'https://x.test/c.html', REPORT_CLAUSES_URL: 'https://y.test' },
        { dotenv: false },
      ).clausesUrl,
    ).toBe('https://x.test/c.html');
    expect(
      envSetting('VITEST_MAX_WORKERS', { VITEST_MAX_WORKERS: '3', PARTNER_CONFORMANCE_VITEST_MAX_WORKERS: '5' }),
    ).toBe('5');
    expect(envSetting('VITEST_MAX_WORKERS', { VITEST_MAX_WORKERS: '3' })).toBe('3');
  });
});

describe('sources: environment > ENV_FILE / .env > config file > defaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cnf-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  /** A fresh folder with the files given, and the options that read them (its conformance.config.json is found there). */
  const folder = (files: Record<string, string>) => {
    const d = join(dir, `case-${++n}`);
    mkdirSync(d);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
    return d;
  };
  const read = (d: string, env: Record<string, string> = {}) =>
    loadSettings({ ENV_FILE: join(d, 'test.env'), SPEC_PATH: specFile, ...env }, { cwd: d });
  const readError = (d: string, env: Record<string, string> = {}) => {
    try {
      read(d, env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a ConfigError');
  };
  const config = (o: unknown) => JSON.stringify(o, null, 2);

  it('reads conformance.config.json from the working directory, numbers as JSON numbers', () => {
    const d = folder({
      'test.env': '',
      'conformance.config.json': config({
        $comment: 'staging',
        ...live,
        RATE_LIMIT_GET_PER_MIN: 30,
        SEED: 42,
        LOCATION_ID: null,
      }),
    });
    const s = read(d);
    expect(s).toMatchObject({
      baseUrl: 'https://api.example.test/v2',
      companyId: 'c1',
      rateLimitGetPerMin: 30,
      seed: 42,
      locationId: undefined,
      configFile: join(d, 'conformance.config.json'),
    });
  });

  it('the environment wins over the env file, which wins over the config file', () => {
    const d = folder({
      'test.env': 'COMPANY_ID=from-env-file\nMAX_CONCURRENCY=3\n',
      'conformance.config.json': config({
        BASE_URL: live.BASE_URL,
        ACCESS_TOKEN: live.ACCESS_TOKEN,
        COMPANY_ID: 'from-config',
        MAX_CONCURRENCY: 2,
        NUM_RUNS: 9,
        REQUEST_TIMEOUT_MS: 5000,
      }),
    });
    const s = read(d, { NUM_RUNS: '4' });
    expect(s).toMatchObject({ companyId: 'from-env-file', maxConcurrency: 3, numRuns: 4, requestTimeoutMs: 5000 });
  });

  it('a prefixed name in the env file wins over a plain one another tool set in the environment', () => {
    const d = folder({ 'test.env': 'PARTNER_CONFORMANCE_BASE_URL=https://partner.example.test/v2\n' });
    const s = read(d, { ...live, BASE_URL: '/' });
    expect(s.baseUrl).toBe('https://partner.example.test/v2');
    expect(s.warnings).toEqual([
      `PARTNER_CONFORMANCE_BASE_URL (${join(d, 'test.env')}) and BASE_URL (environment) are both set and differ: using PARTNER_CONFORMANCE_BASE_URL`,
    ]);
  });

  it('names the file and the key of a bad value: ConfigError, exit 2', () => {
    const d = folder({ 'test.env': '', 'conformance.config.json': config({ RATE_LIMIT_GET_PER_MIN: 'fast' }) });
    expect(readError(d)).toBe(
      'conformance.config.json: RATE_LIMIT_GET_PER_MIN must be a whole number from 0 to 1000000 (got "fast")',
    );
    const e = folder({
      'test.env': '',
      'conformance.config.json': config({ PARTNER_CONFORMANCE_CONFORMANCE_MODE: 'write' }),
    });
    expect(readError(e)).toBe(
      'conformance.config.json: PARTNER_CONFORMANCE_CONFORMANCE_MODE must be "full" or "readonly" (got "write")',
    );
    const f = folder({ 'test.env': 'SEED=-1\n' });
    expect(readError(f)).toBe(`${join(f, 'test.env')}: SEED must be a whole number from 0 to 2147483647 (got "-1")`);
  });

  it('refuses an unknown key, a key that cannot live in a file, a value of the wrong type, and a file that is not one JSON object', () => {
    expect(readError(folder({ 'test.env': '', 'conformance.config.json': config({ BASE_ULR: 'x' }) }))).toMatch(
      /^conformance\.config\.json: unknown setting "BASE_ULR"/,
    );
    expect(readError(folder({ 'test.env': '', 'conformance.config.json': config({ ENV_FILE: '.env' }) }))).toBe(
      'conformance.config.json: ENV_FILE cannot be set in a config file (set it in the environment)',
    );
    expect(readError(folder({ 'test.env': '', 'conformance.config.json': config({ SEED: true }) }))).toBe(
      'conformance.config.json: SEED must be a string or a number (null leaves it unset)',
    );
    expect(readError(folder({ 'test.env': '', 'conformance.config.json': '{ "SEED": 1, }' }))).toMatch(
      /^conformance\.config\.json is not valid JSON: /,
    );
    expect(readError(folder({ 'test.env': '', 'conformance.config.json': '[1]' }))).toMatch(
      /^conformance\.config\.json must hold one JSON object of settings/,
    );
  });

  it('warns that tokens belong in the environment when the config file holds one', () => {
    const d = folder({ 'test.env': '', 'conformance.config.json': config(live) });
    const s = read(d);
    expect(s.accessToken).toBe(live.ACCESS_TOKEN);
    expect(s.warnings).toEqual([
      'conformance.config.json holds ACCESS_TOKEN: tokens and keys belong in the environment or an untracked .env, not in a file that may be committed',
    ]);
    expect(s.warnings.join('\n')).not.toContain(live.ACCESS_TOKEN);
  });

  it('CONFORMANCE_CONFIG names another file; relative paths in it are relative to its folder; a missing one is an error', () => {
    const d = folder({ 'test.env': '', 'profile.json': '{}' });
    mkdirSync(join(d, 'ci'));
    writeFileSync(
      join(d, 'ci', 'staging.json'),
      config({ CONFORMANCE_PROFILE: '../profile.json', REPORTS_DIR: 'out' }),
    );
    const s = loadSettings(
      { ENV_FILE: join(d, 'test.env'), CONFORMANCE_CONFIG: join(d, 'ci', 'staging.json') },
      { cwd: dir },
    );
    expect(s.profileFile).toBe(join(d, 'profile.json'));
    expect(s.reportsDir).toBe(join(d, 'ci', 'out'));
    expect(readError(d, { CONFORMANCE_CONFIG: join(d, 'nope.json') })).toBe(
      `CONFORMANCE_CONFIG points at ${join(d, 'nope.json')}, which does not exist`,
    );
    expect(() => loadSettings({}, { dotenv: false, configFile: join(d, 'nope.json') })).toThrow(/^--config points at /);
  });

  it('an empty config file (CONFORMANCE_CONFIG=/dev/null) holds nothing; without dotenv no file is looked for', () => {
    const d = folder({ 'test.env': '', 'conformance.config.json': config({ SEED: 'bad' }) });
    expect(read(d, { CONFORMANCE_CONFIG: '/dev/null', SEED: '3' }).seed).toBe(3);
    expect(loadSettings({ SEED: '3' }, { dotenv: false, cwd: d }).seed).toBe(3);
  });
});

describe('the settings catalogue', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const names = settingsCatalogue.map((s) => s.name);

  it('lists every setting the harness validates, once, each with its PARTNER_CONFORMANCE_ alias and a unique flag', () => {
    expect(validatedSettings.filter((n) => !names.includes(n))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    for (const s of settingsCatalogue) {
      if (['CI', 'NO_COLOR'].includes(s.name)) expect(s.alias).toBeNull();
      else expect(s.alias).toBe(`PARTNER_CONFORMANCE_${s.name}`);
      expect(s.description.trim().length, s.name).toBeGreaterThan(5);
      expect(s.description, s.name).not.toContain('\n');
      if (s.flag) expect(s.flag).toMatch(/^--[a-z][a-z-]*$/);
      if (s.secret) expect(s.flag, `${s.name}: a secret on the command line shows in the process list`).toBeNull();
    }
    const flags = settingsCatalogue.flatMap((s) => (s.flag ? [s.flag] : []));
    expect(new Set(flags).size).toBe(flags.length);
  });

  it('agrees with the README table: the same names in the same order, defaults and purposes', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration\n'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration\n') + 5),
    );
    const rows = section
      .split('\n')
      .filter((l) => /^\| `[A-Z_]+` \|/.test(l))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '')));
    expect(rows.map((r) => r[0]!.replace(/`/g, ''))).toEqual(names);
    expect(rows.map((r) => [r[1], r[2]])).toEqual(settingsCatalogue.map((s) => [s.default, s.description]));
    expect(section).toContain('PARTNER_CONFORMANCE_<NAME>');
  });

  it('agrees with .env.example: every setting in it, and nothing else outside the self-test section', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const settingsPart = example.slice(0, example.indexOf('# ── Self-tests'));
    const listed = [...settingsPart.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect([...listed].sort()).toEqual([...names].sort());
    expect(example).toContain('PARTNER_CONFORMANCE_<NAME>');
  });
});

describe('settings with one meaning (issue 26)', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = mkdtempSync(join(tmpdir(), 'cnf-meaning-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const folder = (files: Record<string, string>) => {
    const d = join(dir, `case-${++n}`);
    mkdirSync(d);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
    return d;
  };
  const json = (o: unknown) => JSON.stringify(o, null, 2);
  const example = readFileSync(join(root, '.env.example'), 'utf8');
  /** Reads the settings of folder `d` as a run started there would: its .env and conformance.config.json found by default. */
  const at = (d: string, env: Record<string, string | undefined> = {}, opts: Parameters<typeof loadSettings>[1] = {}) =>
    loadSettings({ SPEC_PATH: specFile, ...env }, { cwd: d, ...opts });
  const errorAt = (...args: Parameters<typeof at>) => {
    try {
      at(...args);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a ConfigError');
  };
  const staging = { BASE_URL: 'https://staging.example.test/v2', COMPANY_ID: 'c-staging' };

  it('.env.example sets nothing: every line is a comment', () => {
    const assignments = example.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(assignments).toEqual([]);
  });

  it('a .env copied from .env.example changes nothing: the config file names the target, read-only, its rate', () => {
    const d = folder({
      '.env': example,
      'conformance.config.json': json({ ...staging, CONFORMANCE_MODE: 'readonly', RATE_LIMIT_GET_PER_MIN: 30 }),
    });
    const s = at(d, { ACCESS_TOKEN: live.ACCESS_TOKEN });
    expect(s).toMatchObject({
      baseUrl: staging.BASE_URL,
      companyId: 'c-staging',
      mode: 'readonly',
      rateLimitGetPerMin: 30,
      rateLimitWritePerMin: 50,
    });
    expect(s.origins).toMatchObject({
      BASE_URL: 'config file conformance.config.json',
      CONFORMANCE_MODE: 'config file conformance.config.json',
      RATE_LIMIT_GET_PER_MIN: 'config file conformance.config.json',
      RATE_LIMIT_WRITE_PER_MIN: 'default',
      ACCESS_TOKEN: 'environment ACCESS_TOKEN',
    });
    expect(s.warnings).toEqual([]);
  });

  it('an empty value is unset in every source: environment, env file, config file and flags', () => {
    const d = folder({
      '.env': 'BASE_URL=\nCOMPANY_ID=  \nSEED=\n',
      'conformance.config.json': json({ ...staging, SEED: '', NUM_RUNS: 3 }),
    });
    const s = at(
      d,
      { ACCESS_TOKEN: live.ACCESS_TOKEN, NUM_RUNS: '', PARTNER_CONFORMANCE_BASE_URL: '' },
      { flags: { SEED: '' } },
    );
    expect(s).toMatchObject({ baseUrl: staging.BASE_URL, companyId: 'c-staging', numRuns: 3 });
    expect(s.origins.SEED).toBe('default');
  });

  describe('precedence: flags > environment > files named > files found > defaults', () => {
    it('a flag wins over the environment', () => {
      const s = at(folder({}), { SEED: '1' }, { flags: { SEED: '2' } });
      expect([s.seed, s.origins.SEED]).toEqual([2, 'flag --seed']);
    });

    it('the environment wins over a named env file, and over a named config file', () => {
      const d = folder({ 'ci.env': 'SEED=3\n', 'ci.json': json({ NUM_RUNS: 4 }) });
      const s = at(d, {
        SEED: '1',
        NUM_RUNS: '2',
        ENV_FILE: join(d, 'ci.env'),
        CONFORMANCE_CONFIG: join(d, 'ci.json'),
      });
      expect([s.seed, s.numRuns]).toEqual([1, 2]);
      expect(s.origins).toMatchObject({ SEED: 'environment SEED', NUM_RUNS: 'environment NUM_RUNS' });
      // A file's value that loses is not silent.
      expect(s.warnings).toEqual([
        `${join(d, 'ci.env')}: SEED is overridden by environment SEED`,
        `${join(d, 'ci.json')}: NUM_RUNS is overridden by environment NUM_RUNS`,
      ]);
    });

    it('a config file named by CONFORMANCE_CONFIG or --config wins over an implicit .env', () => {
      const d = folder({
        '.env': 'BASE_URL=https://other.example.test/v2\nCONFORMANCE_MODE=full\nRATE_LIMIT_GET_PER_MIN=150\n',
        'staging.json': json({ ...staging, RATE_LIMIT_GET_PER_MIN: 30 }),
      });
      const env = { ACCESS_TOKEN: live.ACCESS_TOKEN };
      for (const s of [
        at(d, { ...env, CONFORMANCE_CONFIG: join(d, 'staging.json') }),
        at(d, env, { flags: { CONFORMANCE_CONFIG: join(d, 'staging.json') } }),
        at(d, env, { configFile: join(d, 'staging.json') }),
      ]) {
        expect(s).toMatchObject({ baseUrl: staging.BASE_URL, rateLimitGetPerMin: 30 });
        expect(s.origins.BASE_URL).toMatch(/^config file .*staging\.json$/);
        expect(s.warnings).toContain('.env: BASE_URL is overridden by ' + s.origins.BASE_URL);
        expect(s.files.find((f) => f.kind === 'config file')?.namedBy).toMatch(/CONFORMANCE_CONFIG|--config/);
      }
    });

    it('a named ENV_FILE wins over a named config file, and over a conformance.config.json found', () => {
      const d = folder({
        'mock.env': 'BASE_URL=http://127.0.0.1:1234/v2\n',
        'staging.json': json(staging),
        'conformance.config.json': json(staging),
      });
      const env = { ACCESS_TOKEN: live.ACCESS_TOKEN, ENV_FILE: join(d, 'mock.env') };
      for (const s of [at(d, { ...env, CONFORMANCE_CONFIG: join(d, 'staging.json') }), at(d, env)]) {
        expect(s.baseUrl).toBe('http://127.0.0.1:1234/v2');
        expect(s.origins.BASE_URL).toBe(`env file ${join(d, 'mock.env')}`);
        expect(s.companyId).toBe('c-staging');
      }
    });

    it('of the files found, .env wins over conformance.config.json, with a warning', () => {
      const d = folder({ '.env': 'COMPANY_ID=c-local\n', 'conformance.config.json': json(staging) });
      const s = at(d, { ACCESS_TOKEN: live.ACCESS_TOKEN });
      expect([s.companyId, s.baseUrl]).toEqual(['c-local', staging.BASE_URL]);
      expect(s.origins.COMPANY_ID).toBe('env file .env');
      expect(s.warnings).toEqual(['conformance.config.json: COMPANY_ID is overridden by env file .env']);
    });

    it('a named ENV_FILE is read instead of .env, never beside it', () => {
      const d = folder({ '.env': 'SEED=5\n', 'other.env': 'NUM_RUNS=7\n' });
      const s = at(d, { ENV_FILE: join(d, 'other.env') });
      expect(s.numRuns).toBe(7);
      expect(s.origins.SEED).toBe('default');
    });
  });

  describe('every value of every source is checked, the overridden ones too', () => {
    it('a bad value in the config file is an error naming the file and key, though the environment wins', () => {
      const d = folder({
        'conformance.config.json': json({ RATE_LIMIT_GET_PER_MIN: 'fast', CONFORMANCE_MODE: 'read-only' }),
      });
      expect(errorAt(d, { RATE_LIMIT_GET_PER_MIN: '30', CONFORMANCE_MODE: 'readonly' })).toBe(
        'conformance.config.json: RATE_LIMIT_GET_PER_MIN must be a whole number from 0 to 1000000 (got "fast")',
      );
      const e = folder({ 'conformance.config.json': json({ CONFORMANCE_MODE: 'read-only' }) });
      expect(errorAt(e, {}, { flags: { CONFORMANCE_MODE: 'readonly' } })).toBe(
        'conformance.config.json: CONFORMANCE_MODE must be "full" or "readonly" (got "read-only")',
      );
    });

    it('a bad value in .env or a bad BASE_URL in a file that loses is an error too', () => {
      expect(errorAt(folder({ '.env': 'SEED=soon\n' }), {}, { flags: { SEED: '1' } })).toBe(
        '.env: SEED must be a whole number from 0 to 2147483647 (got "soon")',
      );
      const d = folder({ 'conformance.config.json': json({ BASE_URL: 'https://staging.example.test/v1' }) });
      expect(errorAt(d, { ...live })).toMatch(
        /^conformance\.config\.json: BASE_URL must end with the version segment \/v2/,
      );
    });
  });

  describe('unknown names: exit 2 with the closest valid name', () => {
    it('an unknown PARTNER_CONFORMANCE_ variable in the environment or an env file', () => {
      expect(errorAt(folder({}), { PARTNER_CONFORMANCE_BASE_ULR: 'x' })).toBe(
        'PARTNER_CONFORMANCE_BASE_ULR is not a setting: did you mean PARTNER_CONFORMANCE_BASE_URL?',
      );
      expect(errorAt(folder({}), { PARTNER_CONFORMANCE_RATE_LIMIT_GETS_PER_MIN: '30' })).toMatch(
        /did you mean PARTNER_CONFORMANCE_RATE_LIMIT_GET_PER_MIN\?$/,
      );
      expect(errorAt(folder({ '.env': 'PARTNER_CONFORMANCE_CONFORMANCE_MOD=readonly\n' }))).toBe(
        '.env: PARTNER_CONFORMANCE_CONFORMANCE_MOD is not a setting: did you mean PARTNER_CONFORMANCE_CONFORMANCE_MODE?',
      );
      expect(errorAt(folder({}), { PARTNER_CONFORMANCE_CI: 'true' })).toBe(
        'PARTNER_CONFORMANCE_CI is not a setting: CI is read only under its own name',
      );
      // An empty one is unset, like every empty value.
      expect(at(folder({}), { PARTNER_CONFORMANCE_BASE_ULR: '' }).baseUrl).toBeUndefined();
    });

    it('an unknown config key', () => {
      const d = folder({ 'conformance.config.json': json({ RATE_LIMIT_GET_PER_MINUTE: 30 }) });
      expect(errorAt(d)).toBe(
        'conformance.config.json: unknown setting "RATE_LIMIT_GET_PER_MINUTE" (did you mean "RATE_LIMIT_GET_PER_MIN"?)',
      );
      const e = folder({ 'conformance.config.json': json({ companyId: 'c1' }) });
      expect(errorAt(e)).toBe('conformance.config.json: unknown setting "companyId" (did you mean "COMPANY_ID"?)');
    });

    it("a near miss in an env file is a warning (the file may hold other tools' names), ENV_FILE in one an error", () => {
      const s = at(folder({ '.env': 'COMPANY_IDS=c1\nDATABASE_URL=postgres://x\n' }));
      expect(s.warnings).toEqual([
        '.env: COMPANY_IDS is not a setting of the harness and is ignored; did you mean COMPANY_ID?',
      ]);
      expect(errorAt(folder({ '.env': 'ENV_FILE=other.env\n' }))).toBe(
        '.env: ENV_FILE cannot be set in an env file (set it in the environment or with --env-file)',
      );
    });
  });

  describe('read-only is sticky', () => {
    const d = folder({
      '.env': 'CONFORMANCE_MODE=full\n',
      'conformance.config.json': json({ CONFORMANCE_MODE: 'readonly' }),
    });

    it('once any source says readonly, a higher one saying full does not undo it', () => {
      const s = at(d);
      expect(s.mode).toBe('readonly');
      expect(s.origins.CONFORMANCE_MODE).toBe(
        'config file conformance.config.json; read-only is sticky: full in env file .env does not undo it',
      );
      expect(at(d, { CONFORMANCE_MODE: 'full', PARTNER_CONFORMANCE_CONFORMANCE_MODE: 'full' }).mode).toBe('readonly');
      expect(at(folder({}), { CONFORMANCE_MODE: 'readonly', PARTNER_CONFORMANCE_CONFORMANCE_MODE: 'full' }).mode).toBe(
        'readonly',
      );
    });

    it('only --mode full on the command line makes the run write, and says over what', () => {
      const s = at(d, {}, { flags: { CONFORMANCE_MODE: 'full' } });
      expect(s.mode).toBe('full');
      expect(s.origins.CONFORMANCE_MODE).toBe('flag --mode, over readonly in config file conformance.config.json');
      expect(at(folder({}), {}, { flags: { CONFORMANCE_MODE: 'readonly' } }).origins.CONFORMANCE_MODE).toBe(
        'flag --mode',
      );
      expect(at(folder({})).origins.CONFORMANCE_MODE).toBe('default');
    });
  });
});
