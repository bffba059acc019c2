import { serverMessages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';

/** The mail server refused or is down: tell the client to retry, and keep the cause in the log. */
export function mailUnavailable(deps: AuthDeps, error: unknown): HttpError {
  deps.ctx.log.error({ err: error }, 'mail could not be sent');
  return new HttpError(503, 'mail_unavailable', serverMessages.mailUnavailable);
}
