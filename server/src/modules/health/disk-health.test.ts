import { describe, expect, it } from 'vitest';
import { diskHealthCheck } from './disk-health.ts';

const MB = 1024 * 1024;

describe('the disk component of /health', () => {
  it('is healthy at DISK_MIN_FREE_MB free and degraded (never down) under it or when unreadable', async () => {
    expect(await diskHealthCheck(async () => 1024 * MB, 1024)()).toEqual({
      ok: true,
      detail: '1024 MB free',
    });
    expect(await diskHealthCheck(async () => 1024 * MB - 1, 1024)()).toEqual({
      ok: true,
      degraded: true,
      detail: '1023 MB free, under DISK_MIN_FREE_MB (1024); uploads refused',
    });
    const unreadable = await diskHealthCheck(async () => {
      throw new Error('EACCES');
    }, 1024)();
    expect(unreadable).toMatchObject({ ok: true, degraded: true });
  });
});
