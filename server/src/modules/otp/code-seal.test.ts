import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openCode, SEAL_KEY_BYTES, sealCode } from './code-seal.ts';

describe('code seal', () => {
  const key = randomBytes(SEAL_KEY_BYTES);
  const row = randomUUID();

  it('opens what it sealed, and each seal is different (a fresh IV)', () => {
    const a = sealCode(key, row, '042917');
    const b = sealCode(key, row, '042917');
    expect(openCode(key, row, a)).toBe('042917');
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from('042917'))).toBe(false);
  });

  it('does not open with another key, for another row, or after any byte changed', () => {
    const sealed = sealCode(key, row, '042917');
    expect(() => openCode(randomBytes(SEAL_KEY_BYTES), row, sealed)).toThrow();
    expect(() => openCode(key, randomUUID(), sealed)).toThrow();
    for (const at of [0, 13, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at]! ^ 1;
      expect(() => openCode(key, row, changed)).toThrow();
    }
    expect(() => openCode(key, row, sealed.subarray(0, 20))).toThrow();
  });
});
