import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns on zod jitless mode without importing zod, and zod reads it when it loads', async () => {
    await import('./zod-config.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
