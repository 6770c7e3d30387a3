import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freeBytes } from './disk-space.ts';

describe('freeBytes', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'disk-space-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures a directory not created yet at its nearest existing parent', async () => {
    expect(await freeBytes(path.join(dir, 'files', 'not', 'yet'))).toBeGreaterThan(0);
  });

  it('passes on any failure other than a missing directory', async () => {
    const file = path.join(dir, 'plain-file');
    writeFileSync(file, 'x');
    await expect(freeBytes(path.join(file, 'below-a-file'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});
