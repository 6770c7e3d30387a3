import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('merchant API docs (public)', () => {
  it('serves the OpenAPI document with the configured server', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${t.prefix}${API.merchant.openapi}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(`http://app.test${t.prefix}`);
  });

  it('serves a self-contained HTML page with every operation, webhook, schema and error, under the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${t.prefix}${API.merchant.docs}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    for (const text of [
      'createOrder',
      'listOrders',
      'getOrder',
      'cancelOrder',
      'getBalance',
      '/merchant/v1/orders/{id}/cancel',
      'order.complete',
      'webhook-signature',
      'urn:processing:problem:no-method',
      'id="schema-Order"',
      'Idempotency-Key',
      'ORD-2026-000184',
    ])
      expect(html).toContain(text);
    // Nothing the CSP would block: no scripts, no inline styles, only our own style sheet.
    expect(html).not.toMatch(/<script|<style|\sstyle=/i);
    const stylesHref = `${t.prefix}${API.merchant.docsStyles}`;
    expect(html).toContain(`<link rel="stylesheet" href="${stylesHref}">`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("script-src 'self'");

    const styles = await t.app.inject({ method: 'GET', url: stylesHref });
    expect(styles.statusCode).toBe(200);
    expect(styles.headers['content-type']).toMatch(/^text\/css/);
    expect(styles.body).toContain('.operation');
  });

  it('needs no API key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.merchant.docs}`,
      headers: { authorization: 'Bearer wrong' },
    });
    expect(response.statusCode).toBe(200);
  });
});
