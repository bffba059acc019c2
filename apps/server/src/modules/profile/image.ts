import sharp from 'sharp';

export const PROFILE_IMAGE_SIZE = 256;
/** Enough for any camera photo; refuses decompression bombs before they allocate gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  contentType: 'image/webp';
  bytes: Buffer;
}

/**
 * Decodes whatever the browser sent and writes a fresh WebP: a square crop, EXIF orientation
 * applied, all metadata (GPS included) dropped. Only pixels survive, so a polyglot file or a
 * script disguised as an image can never be served back. Null when it is not a decodable image.
 */
export async function reencodeProfileImage(input: Buffer): Promise<EncodedImage | null> {
  try {
    const bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
    return { contentType: 'image/webp', bytes };
  } catch {
    return null;
  }
}
