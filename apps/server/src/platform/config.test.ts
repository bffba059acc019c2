import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectRefusalNaming } from '../test/expectConfigRefusal.ts';
import { argsToEnv, ConfigError, loadConfig } from './config.ts';

// loadConfig's general settings and roles; the feed's in config.feed.test.ts, the news sources' in
// config.news.test.ts.

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      appUrl: 'http://localhost:8080',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
      jwtTtlMs: 168 * 3600_000,
      googleClientId: undefined,
      logLevel: 'info',
      trustProxy: false,
      rateLimitScale: 1,
    });
    expect(path.isAbsolute(config.webDist)).toBe(true);
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('resolves DATA_DIR and WEB_DIST to absolute paths', () => {
    const config = loadConfig({ DATA_DIR: 'var/tapeline', WEB_DIST: 'build/web' });
    expect(config.dataDir).toBe(path.resolve('var/tapeline'));
    expect(config.webDist).toBe(path.resolve('build/web'));
  });

  it('derives APP_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '3000' }).appUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['https://tapeline.example/', 'https://tapeline.example'],
    ['https://tapeline.example///', 'https://tapeline.example'],
    ['https://example.com/tapeline/', 'https://example.com/tapeline'],
  ])('trims trailing slashes from APP_URL %s', (raw, expected) => {
    expect(loadConfig({ APP_URL: raw }).appUrl).toBe(expected);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, logLevel: 'info' });
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '9000',
      DATABASE_URL: 'postgresql://u:p@db:5432/tapeline',
      REDIS_URL: 'rediss://cache:6380',
      SMTP_URL: 'smtps://user:pass@mail:465',
      JWT_SECRET: 'x'.repeat(32),
      JWT_TTL_HOURS: '1.5',
      TRUST_PROXY: 'true',
      RATE_LIMIT_SCALE: '0.5',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 9000,
      databaseUrl: 'postgresql://u:p@db:5432/tapeline',
      redisUrl: 'rediss://cache:6380',
      smtpUrl: 'smtps://user:pass@mail:465',
      jwtTtlMs: 1.5 * 3600_000,
      trustProxy: true,
      rateLimitScale: 0.5,
      logLevel: 'warn',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache'],
    ['SMTP_URL', 'mail.example.com'],
    ['APP_URL', 'ftp://tapeline.example'],
    ['JWT_SECRET', 'x'.repeat(31)],
    ['JWT_TTL_HOURS', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'yes'],
    ['RATE_LIMIT_SCALE', '-1'],
    ['GOOGLE_JWKS_URL', 'file:///etc/passwd'],
  ])('refuses %s=%s with a ConfigError naming it', (variable, value) => {
    expectRefusalNaming({ [variable]: value }, variable);
  });

  it('names every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:/);
  });

  it('never echoes a secret it refuses', () => {
    expect(() => loadConfig({ JWT_SECRET: 'hunter2-short' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2-short') }),
    );
  });

  it('runs every role in one process by default, with the shared bus namespace', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', busPrefix: 'tapeline:bus:' });
    expect(loadConfig({ ROLE: 'api', BUS_PREFIX: 'staging:bus:' })).toMatchObject({
      role: 'api',
      busPrefix: 'staging:bus:',
    });
  });

  it.each([
    ['ROLE', 'worker'],
    ['BUS_PREFIX', 'has spaces'],
  ])('refuses %s=%s naming it', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^\\s+${variable}: `, 'm'));
  });

  it('reads a symbol icon URL template, which must be http(s) and name {symbol}', () => {
    expect(loadConfig({}).symbolIconUrl).toBeUndefined();
    const template = 'https://cdn.example/icons/{symbol}.png';
    expect(loadConfig({ SYMBOL_ICON_URL: template }).symbolIconUrl).toBe(template);
    expect(() => loadConfig({ SYMBOL_ICON_URL: 'https://cdn.example/icons/logo.png' })).toThrow(
      /SYMBOL_ICON_URL: must contain \{symbol\}/,
    );
    expect(() => loadConfig({ SYMBOL_ICON_URL: 'ftp://cdn.example/{symbol}.png' })).toThrow(
      /SYMBOL_ICON_URL: /,
    );
  });

  it('refuses the engine role without a feed', () => {
    expect(() => loadConfig({ ROLE: 'engine', MARKET_FEED: 'off' })).toThrow(/MARKET_FEED: the engine role/);
    expect(loadConfig({ ROLE: 'engine' }).marketFeed).toMatchObject({
      kind: 'feed',
      name: 'simulator',
      feed: { kind: 'simulator' },
    });
  });

  it('checkpoints the engine every 10 s unless ENGINE_CHECKPOINT_MS says otherwise (1 s at least)', () => {
    expect(loadConfig({}).engineCheckpointMs).toBe(10_000);
    expect(loadConfig({ ENGINE_CHECKPOINT_MS: '1000' }).engineCheckpointMs).toBe(1000);
    expect(() => loadConfig({ ENGINE_CHECKPOINT_MS: '50' })).toThrow(/ENGINE_CHECKPOINT_MS/);
  });
});

describe('argsToEnv', () => {
  it('reads --role=<role> and --role <role>, which override ROLE', () => {
    expect(argsToEnv([])).toEqual({});
    expect(argsToEnv(['--role=engine'])).toEqual({ ROLE: 'engine' });
    expect(argsToEnv(['--role', 'api'])).toEqual({ ROLE: 'api' });
    expect(loadConfig({ ROLE: 'api', ...argsToEnv(['--role=engine']) }).role).toBe('engine');
  });

  it('refuses unknown options and a missing value, and leaves a bad role to loadConfig', () => {
    expect(() => argsToEnv(['--rol=engine'])).toThrow(ConfigError);
    expect(() => argsToEnv(['--role'])).toThrow(/--role needs a value/);
    expect(() => loadConfig(argsToEnv(['--role=everything']))).toThrow(/ROLE: /);
  });
});
