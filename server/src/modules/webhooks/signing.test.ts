import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newEventId, newWebhookSecret, signature, webhookHeaders } from './signing.ts';

describe('webhook signing (Standard Webhooks)', () => {
  const body = JSON.stringify({
    type: 'order.complete',
    timestamp: '2026-11-25T10:00:00.000Z',
    data: { id: 'x' },
  });

  it('signs so that the standardwebhooks package verifies the body and headers', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ secret, id: newEventId(), at: new Date(), body });
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/\S/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification with another secret, another body or another id', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ secret, id: newEventId(), at: new Date(), body });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': newEventId() })).toThrow();
  });

  it('matches the package’s own signature for the same id, time and body', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-11-25T10:00:00Z');
    expect(signature(secret, 'msg_abc', at.getTime() / 1000, body)).toBe(
      new Webhook(secret).sign('msg_abc', at, body),
    );
    expect(webhookHeaders({ secret, id: 'msg_abc', at, body })['webhook-timestamp']).toBe(
      String(at.getTime() / 1000),
    );
  });

  it('makes secrets and ids of the formats the database accepts, never the same twice', () => {
    const secrets = new Set(Array.from({ length: 200 }, newWebhookSecret));
    const ids = new Set(Array.from({ length: 200 }, newEventId));
    expect(secrets.size).toBe(200);
    expect(ids.size).toBe(200);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,100}$/);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(Buffer.from(newWebhookSecret().slice('whsec_'.length), 'base64')).toHaveLength(32);
  });
});
