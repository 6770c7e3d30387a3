import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders, securityHeadersPlugin } from './security-headers.ts';

/** The headers Helmet's own middleware puts on a real response, per request, as @fastify/helmet did. */
async function helmetOnARealResponse(publicUrl: string): Promise<Record<string, string>> {
  const middleware = helmet(helmetOptions(publicUrl));
  const server = http.createServer((request, response) => {
    middleware(request, response, () => response.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    const headers: Record<string, string> = {};
    for (const [name, value] of answer.headers) {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) {
        headers[name] = value;
      }
    }
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  for (const publicUrl of ['http://localhost:3000', 'https://pay.example']) {
    it(`are the headers Helmet's middleware sets, computed once (${publicUrl})`, async () => {
      const expected = await helmetOnARealResponse(publicUrl);
      expect(Object.keys(expected).length).toBeGreaterThan(8);
      expect(Object.fromEntries(securityHeaders(helmetOptions(publicUrl)))).toEqual(expected);

      const app = Fastify();
      await app.register(securityHeadersPlugin, { helmet: helmetOptions(publicUrl) });
      app.get('/', async () => 'ok');
      app.get('/other', async () => ({ ok: true }));
      for (const url of ['/', '/other', '/missing']) {
        const response = await app.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(expected)) expect(response.headers[name]).toBe(value);
      }
      await app.close();
    });
  }

  it('say what the web build needs: styles from files only, images also from data: and blob: URLs', () => {
    const headers = Object.fromEntries(securityHeaders(helmetOptions('https://pay.example')));
    const policy = headers['content-security-policy'];
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain('upgrade-insecure-requests');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(securityHeaders(helmetOptions('http://localhost:3000'))).not.toContainEqual([
      'content-security-policy',
      expect.stringContaining('upgrade-insecure-requests'),
    ]);
  });
});
