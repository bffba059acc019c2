import { z } from 'zod';

/** Error codes the API answers with; the names are the specification's. */
export const errorCodes = [
  'invalid_content',
  'password_common',
  'current_password_required',
  'current_password_wrong',
  'password_not_set',
  'invalid_username',
  'username_taken',
  'duplicate_account_active',
  'duplicate_account_pending',
  'email_not_found',
  'invalid_password',
  'empty_credentials',
  'no_user',
  'invalid_email',
  'invalid_token',
  'link_expired',
  'google_failed',
  'rate_limited',
  'mail_unavailable',
  'payload_too_large',
  'bad_request',
  'not_found',
  'forbidden',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Every 4xx/5xx body, except 401s which carry only `error` (spec §8 wording). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
