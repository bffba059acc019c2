import { z } from 'zod';
import { USERNAME_MAX_LENGTH } from '../constants.ts';
import { traderFiguresShape } from './user.ts';

/** GET/POST /api/profile. The image is a URL the server serves, or null. */
export const profileResponseSchema = z.object({
  ...traderFiguresShape,
  image: z.string().nullable(),
  chat_notification: z.boolean(),
  ban_exp_at: z.number().nullable(),
  /** While a ban holds: the reason the moderator gave, so a reload still shows it. */
  ban_reason: z.string().optional(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** The text fields of the multipart POST /api/profile (the image is a file part). */
export const profileFieldsSchema = z.object({
  // Loose here: core `usernameProblem` decides (length in code points, forbidden characters).
  username: z.string().max(USERNAME_MAX_LENGTH * 4),
  notification: z.enum(['true', 'false', '1', '0', 'on', 'off']).optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;
