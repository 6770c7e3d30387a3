import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { socketDirFor, socketPathIn } from './embedded-server.ts';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'socket-dir-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('socketDirFor', () => {
  it('puts the socket in DATA_DIR when the path fits a Unix socket', () => {
    expect(socketDirFor(base)).toBe(fs.realpathSync(base));
  });

  it('moves it to a private directory under the temp dir, the same for the same DATA_DIR, when DATA_DIR is too long', () => {
    const long = path.join(base, 'a'.repeat(60), 'b'.repeat(60));
    fs.mkdirSync(long, { recursive: true });
    const dir = socketDirFor(long);
    expect(Buffer.byteLength(socketPathIn(dir))).toBeLessThanOrEqual(107);
    expect(path.dirname(dir)).toBe(os.tmpdir());
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(socketDirFor(long)).toBe(dir);
    expect(socketDirFor(path.join(base, 'a'.repeat(60), 'b'.repeat(60), '.'))).toBe(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
