import { messages, profileFieldsSchema } from '@tapeline/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { profileImages, type UserRow, users } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { reencodeProfileImage } from './image.ts';
import { imageUnusable, type ProfileForm } from './readForm.ts';

export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';

const NOTIFICATION: Record<string, boolean> = {
  true: true,
  '1': true,
  on: true,
  false: false,
  '0': false,
  off: false,
};

export const profileImageUrl = (userId: string, at: Date) => `/api/profile/image/${userId}?v=${at.getTime()}`;

/** Case-insensitive, so "Trader" and "trader" cannot both exist and be confused in chat. */
async function usernameTaken(ctx: AppContext, username: string, exceptId: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

/**
 * POST /api/profile: validates everything before writing anything, then stores the re-encoded
 * image and the fields in one transaction so a failure leaves the old profile whole.
 */
export async function updateProfile(ctx: AppContext, user: UserRow, form: ProfileForm): Promise<UserRow> {
  const { username, notification } = parseInput(
    profileFieldsSchema,
    form.fields,
    'invalid_username',
    messages.usernameRequired,
  );
  let image: Awaited<ReturnType<typeof reencodeProfileImage>> = null;
  if (form.image) {
    // The declared type is only a first filter; decoding below is what proves it is an image.
    if (!form.image.mimetype.startsWith('image/')) throw imageUnusable();
    image = await reencodeProfileImage(form.image.bytes);
    if (!image) throw imageUnusable();
  }
  if (await usernameTaken(ctx, username, user.id)) {
    throw new HttpError(409, 'username_taken', USERNAME_TAKEN_MESSAGE);
  }
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
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
        username,
        ...(notification === undefined ? {} : { chatNotification: NOTIFICATION[notification] }),
        ...(image ? { profileImage: profileImageUrl(user.id, now) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new Error(`user ${user.id} vanished during profile update`);
    return row;
  });
}
