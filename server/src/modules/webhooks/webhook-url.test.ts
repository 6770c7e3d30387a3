import { describe, expect, it } from 'vitest';
import {
  isInternalAddress,
  isInternalHost,
  privateWebhooksAllowed,
  resolvesInternally,
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

  it('at delivery, treats a literal internal address as internal without asking DNS', async () => {
    expect(await resolvesInternally('http://10.0.0.5/hook')).toBe(true);
    expect(await resolvesInternally('http://93.184.216.34/hook')).toBe(false);
  });
});

describe('privateWebhooksAllowed', () => {
  it('allows internal addresses outside production and for a loopback PUBLIC_URL, unless told otherwise', () => {
    expect(privateWebhooksAllowed({ NODE_ENV: 'test', PUBLIC_URL: 'https://pay.example.com' })).toBe(true);
    expect(privateWebhooksAllowed({ NODE_ENV: 'production', PUBLIC_URL: 'https://pay.example.com' })).toBe(
      false,
    );
    expect(privateWebhooksAllowed({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toBe(
      true,
    );
    expect(
      privateWebhooksAllowed({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://localhost:3000',
        WEBHOOK_ALLOW_PRIVATE_URLS: false,
      }),
    ).toBe(false);
    expect(
      privateWebhooksAllowed({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://pay.example.com',
        WEBHOOK_ALLOW_PRIVATE_URLS: true,
      }),
    ).toBe(true);
  });
});
