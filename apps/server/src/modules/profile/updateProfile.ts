import { messages, profileFieldsSchema } from '@tapeline/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { profileImages, type UserRow, users } from '../../platform/db/schema.ts';
import { uniqueViolation } from '../../platform/db/uniqueViolation.ts';
import { input, readInput } from '../../platform/http/validate.ts';
import { assertUsernameFree, checkUsername, usernameFields, usernameTaken } from '../users/usernames.ts';
import { reencodeProfileImage } from './image.ts';
import { imageUnusable, type ProfileForm } from './readForm.ts';

const NOTIFICATION: Record<string, boolean> = {
  true: true,
  '1': true,
  on: true,
  false: false,
  '0': false,
  off: false,
};

export const profileImageUrl = (userId: string, at: Date) => `/api/profile/image/${userId}?v=${at.getTime()}`;

/**
 * POST /api/profile: validates everything before writing anything, then stores the re-encoded
 * image and the fields in one transaction so a failure leaves the old profile whole.
 */
// Declared like a route's body, read here: multipart fields exist only once the form is streamed in.
const FIELDS = input(profileFieldsSchema, 'invalid_username', messages.usernameRequired);

export async function updateProfile(ctx: AppContext, user: UserRow, form: ProfileForm): Promise<UserRow> {
  const fields = readInput(FIELDS, form.fields);
  const username = checkUsername(fields.username);
  const { notification } = fields;
  let image: Awaited<ReturnType<typeof reencodeProfileImage>> = null;
  if (form.image) {
    // The declared type is only a first filter; decoding below is what proves it is an image.
    if (!form.image.mimetype.startsWith('image/')) throw imageUnusable();
    image = await reencodeProfileImage(form.image.bytes);
    if (!image) throw imageUnusable();
  }
  await assertUsernameFree(ctx.database.db, username, user.id);
  const now = new Date(ctx.clock.now());
  return ctx.database.db
    .transaction(async (tx) => {
      if (image) {
        const values = { contentType: image.contentType, bytes: image.bytes, updatedAt: now };
        await tx
          .insert(profileImages)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({ target: profileImages.userId, set: values });
      }
      const [row] = await tx
        .update(users)
        .set({
          ...usernameFields(username),
          ...(notification === undefined ? {} : { chatNotification: NOTIFICATION[notification] }),
          ...(image ? { profileImage: profileImageUrl(user.id, now) } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!row) throw new Error(`user ${user.id} vanished during profile update`);
      return row;
    })
    .catch((error: unknown) => {
      // Another trader took the name between the check and the write: the unique index decides.
      if (uniqueViolation(error) !== null) throw usernameTaken();
      throw error;
    });
}
