import { describe, expect, it } from 'vitest';
import { sniffReceiptType } from './receipt-type.ts';

describe('sniffReceiptType', () => {
  it('knows PDF, JPEG and PNG by their first bytes', () => {
    expect(sniffReceiptType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffReceiptType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffReceiptType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(sniffReceiptType(Buffer.from('<html>%PDF-'))).toBeNull();
    expect(sniffReceiptType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffReceiptType(Buffer.from([0x89, 0x50]))).toBeNull();
    expect(sniffReceiptType(Buffer.alloc(0))).toBeNull();
  });
});
