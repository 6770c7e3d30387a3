import { API, NOTIFICATION_BATCH_MAX } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { redoclyLint } from '../../../test/openapi-lint.ts';
import { buildDeviceOpenApi } from './device-openapi.ts';

describe('device API OpenAPI document', () => {
  const doc = buildDeviceOpenApi({ serverUrl: 'https://pay.processing.test/backend' });

  it('is generated from the shared contracts', () => {
    const notifications = doc.components.schemas.DeviceNotificationsRequest as {
      properties: { items: { maxItems: number; items: { required: string[] } } };
    };
    expect(notifications.properties.items.maxItems).toBe(NOTIFICATION_BATCH_MAX);
    expect(notifications.properties.items.items.required).toEqual(
      expect.arrayContaining(['id', 'source', 'sender', 'text', 'received_at']),
    );
    expect(doc.paths[API.device.activate]?.post.security).toEqual([]);
    expect(doc.security).toEqual([{ deviceToken: [] }]);
    expect(doc.components.securitySchemes.deviceToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of [
      API.device.activate,
      API.device.heartbeat,
      API.device.status,
      API.device.notifications,
    ]) {
      const operation = doc.paths[route]!.post!;
      expect(operation.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '409', '413', '422', '429', '500']),
      );
    }
  });

  it('documents the forwarder URL: every method, no bearer token, the hook answer', () => {
    const hook = doc.paths[API.device.hook('{token}')] as Record<
      string,
      { security: unknown[]; parameters: { name: string; in: string }[]; responses: Record<string, unknown> }
    >;
    expect(Object.keys(hook).sort()).toEqual(['get', 'patch', 'post', 'put']);
    for (const operation of Object.values(hook)) {
      expect(operation.security).toEqual([]);
      expect(operation.parameters).toEqual([expect.objectContaining({ name: 'token', in: 'path' })]);
      expect(Object.keys(operation.responses)).toEqual(['200', '400', '401', '413', '429', '500']);
    }
    expect(doc.components.schemas.DeviceHookResponse).toMatchObject({
      properties: { status: { enum: ['matched', 'unmatched', 'ignored', 'duplicate', 'ping'] } },
    });
  });

  it('lints clean with redocly (recommended rules: no errors, no warnings)', {
    timeout: 60_000,
  }, async () => {
    const report = await redoclyLint('device-openapi', doc);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
