import { messages } from '@tapeline/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/errors.ts';
import { containsNul } from '../../platform/http/nulGuard.ts';

export interface ProfileForm {
  fields: Record<string, string>;
  /** The uploaded image's bytes and declared type; null when no file was chosen. */
  image: { bytes: Buffer; mimetype: string } | null;
}

const IMAGE_FIELD = 'image';

export const imageTooLarge = () => new HttpError(413, 'LIMIT_FILE_SIZE', messages.imageTooLarge);
export const imageUnusable = () => new HttpError(400, 'FILE_UPLOAD_FAIL', messages.imageUploadFailed);

/**
 * Reads the whole multipart body. Parts arrive in any order, so the image is buffered (at most
 * PROFILE_IMAGE_MAX_BYTES: the plugin's limit cuts it off and `toBuffer` throws 413).
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) throw new HttpError(400, 'bad_request', messages.malformedRequest);
  const fields: Record<string, string> = {};
  let image: ProfileForm['image'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // The global NUL guard cannot see multipart fields (read here, after it ran).
        if (containsNul(part.fieldname) || containsNul(part.value)) {
          throw new HttpError(400, 'bad_request', messages.malformedRequest);
        }
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      // A form with no file chosen still sends an empty part with an empty filename.
      if (part.fieldname !== IMAGE_FIELD || bytes.length === 0) continue;
      image = { bytes, mimetype: part.mimetype };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    if (code === 'FST_FILES_LIMIT') throw imageUnusable();
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'bad_request', messages.malformedRequest);
  }
  return { fields, image };
}
