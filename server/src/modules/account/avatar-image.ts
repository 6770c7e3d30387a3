// Avatar upload checks: the image type by content and the re-encoded, metadata-free square JPEG thumbnail (sharp).
import { AVATAR_SIZE_PX } from '@app/shared';
import sharp from 'sharp';

/**
 * An upload's image type by its first bytes, never by its name or the browser's word for it: JPEG (FF D8 FF)
 * or PNG (the 8-byte signature). Anything else is null.
 */
export function sniffAvatarType(content: Buffer): 'jpeg' | 'png' | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (content.length >= png.length && png.every((byte, index) => content[index] === byte)) return 'png';
  return null;
}

/** Raised when the bytes claim JPEG or PNG but do not decode as one. */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('the image could not be decoded', { cause });
    this.name = 'UnreadableImageError';
  }
}

/**
 * Pixels an upload may decode to: 5 MB of compressed PNG can claim a canvas of gigabytes ("decompression
 * bomb"); 40 megapixels covers any phone camera.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an avatar: turned upright by its EXIF orientation, cut to a centred square (cover) of
 * AVATAR_SIZE_PX, written as a new JPEG. sharp writes no metadata unless asked, so EXIF (camera, GPS, time),
 * ICC and XMP of the upload are gone; only decoded pixels survive, so nothing hidden in the file does either.
 */
export async function avatarThumbnail(content: Buffer, type: 'jpeg' | 'png'): Promise<Buffer> {
  const image = sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const { format } = await image.metadata();
    if (format !== type) throw new Error(`decoded as ${format}, sniffed as ${type}`);
    return await image
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      // A transparent PNG gets a white background rather than JPEG's black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
