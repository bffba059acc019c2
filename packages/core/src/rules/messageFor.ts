import { messages } from '../messages.ts';

/** The screens whose errors spec §8 catalogues. The same code reads differently per screen. */
export type ErrorScreen = 'login' | 'signup' | 'resend' | 'forgot' | 'reset' | 'account' | 'google';

/** What the client knows of a failed call: the API's error code, or a transport failure. */
export type CallFailure =
  | { kind: 'api'; status: number; code: string }
  | { kind: 'network' }
  | { kind: 'unknown' };

const byScreen: Record<ErrorScreen, Record<string, string>> = {
  login: {
    email_not_found: messages.loginInvalidEmail,
    no_user: messages.loginInvalidEmail,
    invalid_password: messages.loginInvalidCredentials,
    empty_credentials: messages.loginEmpty,
    invalid_email: messages.invalidEmail,
  },
  signup: {
    invalid_content: messages.signupInvalidContent,
    duplicate_account_active: messages.signupDuplicateActive,
    duplicate_account_pending: messages.signupDuplicatePending,
    password_common: messages.passwordCommon,
    invalid_username: messages.usernameForbidden,
    username_taken: messages.usernameTaken,
  },
  resend: { no_user: messages.resendNoUser, invalid_email: messages.invalidEmail },
  forgot: { no_user: messages.forgotNoUser, invalid_email: messages.invalidEmail },
  reset: {
    invalid_token: messages.resetInvalid,
    link_expired: messages.resetInvalid,
    password_common: messages.passwordCommon,
  },
  account: {
    duplicate_account_active: messages.accountDuplicate,
    invalid_email: messages.invalidEmail,
    invalid_content: messages.accountUpdateFailed,
    password_common: messages.passwordCommon,
    current_password_required: messages.currentPasswordRequired,
    current_password_wrong: messages.currentPasswordWrong,
    password_not_set: messages.passwordNotSet,
  },
  google: {},
};

const fallback: Record<ErrorScreen, string> = {
  login: messages.unknownProblem,
  signup: messages.signupFailed,
  resend: messages.resendFailed,
  forgot: messages.forgotFailed,
  reset: messages.resetFailed,
  account: messages.accountUpdateFailed,
  google: messages.googleFailed,
};

export function messageFor(screen: ErrorScreen, failure: CallFailure): string {
  if (failure.kind === 'network') return screen === 'login' ? messages.serviceNotAvailable : fallback[screen];
  if (failure.kind === 'api') {
    if (failure.status === 429) return messages.rateLimited;
    const text = byScreen[screen][failure.code];
    if (text) return text;
  }
  return fallback[screen];
}
