import { z } from 'zod';
import { userSchema } from './user.ts';

/** POST /api/admin/user/update: role's value is a boolean (true → mod, false → trader); vip sets the badge. */
export const adminUserUpdateRequestSchema = z.discriminatedUnion('field', [
  z.object({ uid: z.string().uuid(), field: z.literal('chat'), value: z.boolean() }),
  z.object({ uid: z.string().uuid(), field: z.literal('role'), value: z.boolean() }),
  /** The chat's vip badge (docs/chat.md "Badges"). */
  z.object({ uid: z.string().uuid(), field: z.literal('vip'), value: z.boolean() }),
]);
export type AdminUserUpdateRequest = z.infer<typeof adminUserUpdateRequestSchema>;
export const adminUserUpdateResponseSchema = z.object({ content: userSchema });
export const adminUserListSchema = z.array(userSchema);

/** GET /api/users: the usernames list for mentions and user search. */
export const usernameListSchema = z.array(z.object({ id: z.string(), username: z.string() }));
