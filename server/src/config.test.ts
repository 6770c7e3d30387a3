import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      API_PREFIX: '/backend',
      COOKIE_SECURE: false,
      publicOrigin: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads the abuse limits of issue 23: the order minimum in kopecks, the dispute and evidence caps, the free-space floor', () => {
    expect(loadConfig({})).toMatchObject({
      ORDER_MIN_RUB: 10_000n,
      DISPUTE_MAX_FILES_PER_SIDE: 20,
      DISPUTE_MAX_BYTES_PER_SIDE: 200 * 1024 * 1024,
      DISPUTE_UPLOADS_PER_MIN: 10,
      DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER: 3,
      DISPUTE_MAX_PER_MERCHANT_PER_DAY: 100,
      DISK_MIN_FREE_MB: 1024,
    });
    expect(loadConfig({ ORDER_MIN_RUB: '99.5' }).ORDER_MIN_RUB).toBe(9_950n);
    expect(loadConfig({ ORDER_MIN_RUB: '0' }).ORDER_MIN_RUB).toBe(0n);
    for (const bad of ['1e3', '-1', '10.001', '100,00']) {
      expect(() => loadConfig({ ORDER_MIN_RUB: bad })).toThrow(/ORDER_MIN_RUB/);
    }
    expect(() => loadConfig({ DISPUTE_MAX_FILES_PER_SIDE: '0' })).toThrow(/DISPUTE_MAX_FILES_PER_SIDE/);
  });

  it('turns Secure cookies on for an https PUBLIC_URL unless told otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://pay.example.com/' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://pay.example.com', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(
      false,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://pay.example.com/' }).publicOrigin).toBe(
      'https://pay.example.com',
    );
  });

  it('checks the Telegram settings: a token, an https webhook URL that needs its secret and a token', () => {
    const token = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    const defaults = loadConfig({});
    expect(defaults.TELEGRAM_BOT_TOKEN).toBeUndefined();
    expect(defaults.TELEGRAM_API_ROOT).toBe('https://api.telegram.org');
    expect(
      loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: 'http://127.0.0.1:9/' }).TELEGRAM_API_ROOT,
    ).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: 'not a token' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() =>
      loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/hook' }),
    ).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({
        TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/hook',
        TELEGRAM_WEBHOOK_SECRET: 'x'.repeat(20),
      }),
    ).toThrow(/TELEGRAM_WEBHOOK_URL: needs TELEGRAM_BOT_TOKEN/);
    expect(() =>
      loadConfig({
        TELEGRAM_BOT_TOKEN: token,
        TELEGRAM_WEBHOOK_URL: 'http://bot.example.com/hook',
        TELEGRAM_WEBHOOK_SECRET: 'x'.repeat(20),
      }),
    ).toThrow(/TELEGRAM_WEBHOOK_URL/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', COOKIE_SECURE: 'yes' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
      expect((error as Error).message).toMatch(/COOKIE_SECURE/);
    }
  });

  it('resolves a relative DATA_DIR from where npm was started, not from the workspace', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/app' }).dataDir).toBe('/srv/app/data');
    expect(loadConfig({ DATA_DIR: '/var/lib/app' }).dataDir).toBe('/var/lib/app');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('trusts no proxy by default and only listed proxies otherwise', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('takes fractional whitelist cool-downs and refuses a short health token', () => {
    expect(loadConfig({ WHITELIST_COOLDOWN_H: '0.001' }).WHITELIST_COOLDOWN_H).toBe(0.001);
    expect(() => loadConfig({ HEALTH_TOKEN: 'short' })).toThrow(/HEALTH_TOKEN/);
  });

  it('counts rate limits per process unless a redis:// REDIS_URL is given', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe('processing:rl:');
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380/2' }).REDIS_URL).toBe('rediss://cache:6380/2');
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });

  it('refuses to start in production without an explicitly set PUBLIC_URL (no localhost default there)', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', PUBLIC_URL: '' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/PUBLIC_URL: must be set in production/);
    }
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://pay.example.com' });
    expect(production).toMatchObject({
      PUBLIC_URL: 'https://pay.example.com',
      publicOrigin: 'https://pay.example.com',
      COOKIE_SECURE: true,
    });
    // Outside production the local default stays: npm run dev, the tools, the tests.
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ NODE_ENV }).PUBLIC_URL).toBe('http://localhost:3000');
    }
  });

  it('limits manual webhook resends to 10 a minute per merchant unless told otherwise', () => {
    expect(loadConfig({}).WEBHOOK_RESENDS_PER_MIN).toBe(10);
    expect(loadConfig({ WEBHOOK_RESENDS_PER_MIN: '3' }).WEBHOOK_RESENDS_PER_MIN).toBe(3);
    expect(() => loadConfig({ WEBHOOK_RESENDS_PER_MIN: '0' })).toThrow(/WEBHOOK_RESENDS_PER_MIN/);
  });

  it('takes an INSTANCE_ID a header can carry, and none by default', () => {
    expect(loadConfig({}).INSTANCE_ID).toBeUndefined();
    expect(loadConfig({ INSTANCE_ID: 'app-1' }).INSTANCE_ID).toBe('app-1');
    expect(() => loadConfig({ INSTANCE_ID: 'app 1' })).toThrow(/INSTANCE_ID/);
    expect(() => loadConfig({ INSTANCE_ID: 'приложение' })).toThrow(/INSTANCE_ID/);
  });
});
