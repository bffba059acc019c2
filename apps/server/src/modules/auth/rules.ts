import {
  isValidEmail,
  messages,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@tapeline/core';
import { isCommonPassword } from '../../platform/auth/commonPasswords.ts';
import { HttpError } from '../../platform/http/errors.ts';

export function acceptablePassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}

/**
 * Throws the 400 a new password earns: too short or long (`invalid_content`, or the screen's
 * own code), or found among the common passwords (`password_common`).
 */
export function assertNewPassword(password: string, invalid: () => HttpError): void {
  if (!acceptablePassword(password)) throw invalid();
  if (isCommonPassword(password)) throw new HttpError(400, 'password_common', messages.passwordCommon);
}

/** The normalized address, or null when it is not one we accept. */
export function acceptableEmail(raw: string): string | null {
  const email = normalizeEmail(raw);
  return isValidEmail(email) ? email : null;
}
