import { API, DEAL_TRANSITIONS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { redoclyLint } from '../../../test/openapi-lint.ts';
import { markdownToHtml } from './merchant-docs-page.ts';
import { buildMerchantOpenApi, lifecycleMarkdown } from './merchant-openapi.ts';

describe('merchant API OpenAPI document', () => {
  const doc = buildMerchantOpenApi({
    serverUrl: 'https://pay.processing.test/backend',
    publicUrl: 'https://pay.processing.test',
  });
  const operation = (route: string, method: 'get' | 'post') =>
    (
      doc.paths as Record<
        string,
        Record<string, { operationId: string; parameters?: unknown[]; responses: Record<string, unknown> }>
      >
    )[route]?.[method];

  it('has every operation, with the Idempotency-Key on every POST and the documented errors', () => {
    const expected: [string, 'get' | 'post', string, string[]][] = [
      [API.merchant.orders, 'post', 'createOrder', ['201', '400', '401', '409', '422', '429']],
      [API.merchant.orders, 'get', 'listOrders', ['200', '400', '401', '429']],
      [API.merchant.order('{id}'), 'get', 'getOrder', ['200', '401', '404', '429']],
      [API.merchant.cancel('{id}'), 'post', 'cancelOrder', ['200', '401', '404', '409', '422', '429']],
      [API.merchant.balance, 'get', 'getBalance', ['200', '401', '429']],
    ];
    for (const [route, method, operationId, statuses] of expected) {
      const found = operation(route, method);
      expect(found?.operationId).toBe(operationId);
      expect(Object.keys(found!.responses)).toEqual(expect.arrayContaining(statuses));
      const idempotencyKey = { $ref: '#/components/parameters/IdempotencyKey' };
      if (method === 'post') expect(found!.parameters).toContainEqual(idempotencyKey);
      else expect(found!.parameters ?? []).not.toContainEqual(idempotencyKey);
    }
    expect(doc.servers).toEqual([
      { url: 'https://pay.processing.test/backend', description: expect.any(String) },
    ]);
    expect(doc.components.securitySchemes.merchantKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.webhooks)).toEqual([
      'order.pending',
      'order.verification',
      'order.complete',
      'order.expired',
      'order.canceled',
    ]);
    const create = JSON.stringify(operation(API.merchant.orders, 'post'));
    for (const type of [
      'amount-below-minimum',
      'no-method',
      'rate-unavailable',
      'external-id-taken',
      'idempotency-key-reused',
      'callback-url-refused',
    ])
      expect(create).toContain(`urn:processing:problem:${type}`);
    expect(create).toContain('at least 100.00 ₽');
    const dispute = operation(API.merchant.disputes('{id}'), 'post');
    expect(Object.keys(dispute!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '404', '409', '422', '429', '507']),
    );
    for (const type of ['validation', 'dispute-limit', 'rate-limited', 'insufficient-storage'])
      expect(JSON.stringify(dispute)).toContain(`urn:processing:problem:${type}`);
  });

  it('is generated from the shared contracts and states the lifecycle from the shared table', () => {
    const create = doc.components.schemas.CreateOrderRequest as { required: string[] };
    expect(create.required).toEqual(['amount', 'payment_mode', 'external_id']);
    for (const move of DEAL_TRANSITIONS)
      expect(lifecycleMarkdown()).toContain(`| \`${move.from}\` | \`${move.to}\` |`);
    expect(doc.info.description).toContain(lifecycleMarkdown());
    const table = markdownToHtml(lifecycleMarkdown());
    expect(table).toMatch(/^<table>/);
    expect(table).toContain('<td><code>pending</code></td><td><code>canceled</code></td>');
  });

  it('lints clean with redocly (recommended rules: no errors, no warnings)', {
    timeout: 60_000,
  }, async () => {
    const report = await redoclyLint('merchant-openapi', doc);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
