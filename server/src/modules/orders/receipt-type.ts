/**
 * A receipt's type by its first bytes, never by its name or the browser's word for it: PDF (`%PDF-`), JPEG
 * (FF D8 FF) or PNG (the 8-byte signature). Anything else is refused.
 */
export function sniffReceiptType(content: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (content.length >= 5 && content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) {
    return 'image/jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (content.length >= png.length && png.every((byte, index) => content[index] === byte)) return 'image/png';
  return null;
}
