import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  isInternalAddress,
  isInternalHost,
  privateWebhooksAllowed,
  type ResolvedAddress,
  type Resolver,
  vetDestination,
  webhookUrlRefusal,
} from './webhook-url.ts';

describe('webhook URL rules', () => {
  it('knows internal addresses: loopback, private, link-local, shared, IPv6 local and IPv4-mapped', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('knows internal host names as URL.hostname gives them', () => {
    const host = (url: string) => new URL(url).hostname;
    for (const url of [
      'http://localhost:3000/',
      'http://api.localhost/',
      'http://printer.local/',
      'http://metadata.google.internal/',
      'http://intranet/',
      'http://[::1]:8080/',
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      expect(isInternalHost(host(url)), url).toBe(true);
    }
    for (const url of ['https://shop.example.com/hook', 'http://93.184.216.34/']) {
      expect(isInternalHost(host(url)), url).toBe(false);
    }
  });

  it('refuses internal URLs only in production (tests and local development deliver to 127.0.0.1)', () => {
    expect(webhookUrlRefusal('http://127.0.0.1:4000/hook', true)).toBe('internal');
    expect(webhookUrlRefusal('http://127.0.0.1:4000/hook', false)).toBeNull();
    expect(webhookUrlRefusal('https://shop.example.com/hook', true)).toBeNull();
  });

  it('at delivery, vets a literal address without asking DNS', async () => {
    const resolve = vi.fn<Resolver>(async () => [{ address: '93.184.216.34', family: 4 }]);
    expect(await vetDestination('http://10.0.0.5/hook', { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
      outcome: 'refused_address',
    });
    expect(await vetDestination('http://93.184.216.34/hook', { allowPrivate: false, resolve })).toEqual({
      ok: true,
      addresses: [{ address: '93.184.216.34', family: 4 }],
    });
    expect(await vetDestination('http://[::1]:8080/hook', { allowPrivate: true, resolve })).toEqual({
      ok: true,
      addresses: [{ address: '::1', family: 6 }],
    });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a name when any of its addresses is internal, and answers the vetted addresses otherwise', async () => {
    const answers: Record<string, ResolvedAddress[]> = {
      'mixed.example.com': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
      'mapped.example.com': [{ address: '::ffff:169.254.169.254', family: 6 }],
      'shop.example.com': [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    };
    const resolve: Resolver = async (host) => answers[host] ?? [];
    for (const host of ['mixed.example.com', 'mapped.example.com']) {
      const vetted = await vetDestination(`https://${host}/hook`, { allowPrivate: false, resolve });
      expect(vetted, host).toMatchObject({ ok: false, outcome: 'refused_address' });
    }
    expect(await vetDestination('https://shop.example.com/hook', { allowPrivate: false, resolve })).toEqual({
      ok: true,
      addresses: answers['shop.example.com'],
    });
    // Private targets allowed (outside production): the same single answer, not vetted.
    expect(await vetDestination('https://mixed.example.com/hook', { allowPrivate: true, resolve })).toEqual({
      ok: true,
      addresses: answers['mixed.example.com'],
    });
  });

  it('refuses the attempt when the lookup fails or answers nothing (never lets it through unchecked)', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND shop.example.com'), { code: 'ENOTFOUND' });
    };
    for (const allowPrivate of [false, true]) {
      expect(
        await vetDestination('https://shop.example.com/hook', { allowPrivate, resolve: failing }),
      ).toEqual({ ok: false, outcome: 'dns_failed', error: 'DNS: ENOTFOUND shop.example.com' });
      expect(
        await vetDestination('https://shop.example.com/hook', { allowPrivate, resolve: async () => [] }),
      ).toMatchObject({ ok: false, outcome: 'dns_failed' });
    }
  });
});

describe('privateWebhooksAllowed', () => {
  it('refuses internal addresses in production unless WEBHOOK_ALLOW_PRIVATE_URLS=true, whatever PUBLIC_URL is', () => {
    const allowed = (env: Record<string, string>) => privateWebhooksAllowed(loadConfig(env));
    expect(allowed({ NODE_ENV: 'production', PUBLIC_URL: 'https://pay.example.com' })).toBe(false);
    // A loopback PUBLIC_URL (compose's old default) no longer turns the rule off.
    for (const PUBLIC_URL of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(allowed({ NODE_ENV: 'production', PUBLIC_URL }), PUBLIC_URL).toBe(false);
      expect(allowed({ NODE_ENV: 'production', PUBLIC_URL, WEBHOOK_ALLOW_PRIVATE_URLS: 'false' })).toBe(
        false,
      );
      expect(allowed({ NODE_ENV: 'production', PUBLIC_URL, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toBe(true);
    }
    // Outside production (tests, local runs) they are allowed unless turned off.
    expect(allowed({ NODE_ENV: 'test' })).toBe(true);
    expect(allowed({ NODE_ENV: 'development', PUBLIC_URL: 'https://pay.example.com' })).toBe(true);
    expect(allowed({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_URLS: 'false' })).toBe(false);
  });
});
