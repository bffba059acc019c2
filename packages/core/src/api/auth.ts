import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants.ts';
import { marketStatusSchema } from './marketStatus.ts';
import { userSchema } from './user.ts';
import { DEFAULT_VOICE_HOST } from './voice.ts';

/** The Help link when HELP_URL is unset: the app's own help page. */
export const DEFAULT_HELP_URL = '/help';

// Requests carry raw strings; the services decide which rule a value breaks so that each
// breach gets the spec's own code (empty → empty_credentials, bad email → invalid_email ...).
const str = (max: number) => z.string().max(max);

export const credentialsSchema = z.object({
  email: str(EMAIL_MAX_LENGTH * 2),
  password: str(PASSWORD_MAX_LENGTH * 4),
});

export const signupRequestSchema = credentialsSchema;
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = credentialsSchema;
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Decided (spec: "not shown"): signup plus a username, answering with a session at once. */
export const registerRequestSchema = credentialsSchema.extend({
  username: str(USERNAME_MAX_LENGTH * 4),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const emailRequestSchema = z.object({ email: str(EMAIL_MAX_LENGTH * 2) });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  password: str(PASSWORD_MAX_LENGTH * 4),
  token: str(512),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * Either field may be left empty to keep it as it is. Changing either needs the current
 * password (re-authentication: a borrowed or stolen session cannot take the account over).
 */
export const updateUserRequestSchema = z.object({
  email: str(EMAIL_MAX_LENGTH * 2).optional(),
  password: str(PASSWORD_MAX_LENGTH * 4).optional(),
  current_password: str(PASSWORD_MAX_LENGTH * 4).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const googleRequestSchema = z.object({ id_token: z.string().min(1).max(8192) });
export type GoogleRequest = z.infer<typeof googleRequestSchema>;

export const verifyTokenParamsSchema = z.object({ token: z.string().max(512) });

export const sessionResponseSchema = z.object({ access_token: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signupResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

export const updateUserResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  /** A new password ends every session: this one carries on with a fresh token. */
  access_token: z.string().optional(),
  /** Set when a new address waits for its confirmation link (spec wording in `messages`). */
  message: z.string().optional(),
});
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailListSchema = z.object({ data: z.array(devMailSchema) });

export const configResponseSchema = z.object({
  google_client_id: z.string().nullable(),
  billing: z.string(),
  simulated: z.boolean(),
  /** Symbol icon URL template with a {symbol} placeholder; null means lettered badges only. */
  symbolIconUrl: z.string().nullable().default(null),
  /** Where voice clips are fetched: `/voice` on this server, or VOICE_HOST's URL. */
  voiceHost: z.string().default(DEFAULT_VOICE_HOST),
  /**
   * The Help link: a path of this app (an in-app link) or an http(s) URL (opens in a new tab).
   * HELP_URL sets it; an older server that does not send it means the app's own `/help`.
   */
  helpUrl: z.string().default(DEFAULT_HELP_URL),
  /** The feed's label and health and the market's clock as the server answered; null from an older server. */
  market: marketStatusSchema.nullable().default(null),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;
