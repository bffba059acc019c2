import { type ErrorCode, messages, serverMessages } from '@tapeline/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An expected failure with the status and spec code the client maps to its wording. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message?: string,
    /** 401s answer `{error}` alone, word for word as the spec writes it. */
    readonly bare = false,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
  }

  body(): { error: string; message?: string } {
    return this.bare ? { error: this.code } : { error: this.code, message: this.message };
  }
}

export const unauthorized = (expired = false) =>
  new HttpError(401, expired ? messages.accessTokenExpired : messages.invalidAccessToken, undefined, true);

const frameworkErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: messages.payloadTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: messages.malformedRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: messages.malformedRequest },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'bad_request', message: serverMessages.unsupportedContentType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: messages.malformedRequest },
  FST_ERR_BAD_URL: { code: 'bad_request', message: messages.malformedRequest },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'bad_request', message: messages.malformedRequest },
};

/**
 * The router rejects a URL (bad percent-encoding, an over-long path parameter) before any hook
 * or error handler runs; Fastify's own body would break the `{error, message}` contract and
 * echo the path back, so it is passed to the `frameworkErrors` option instead.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const known = frameworkErrors[error.code];
  return reply
    .status(status)
    .send({ error: known?.code ?? 'bad_request', message: known?.message ?? messages.malformedRequest });
}

/**
 * Postgres data exceptions a caller's value can cause: NUL or bad UTF-8 (22021), text that is
 * not a uuid or number (22P02), too long for its column (22001), a number or date out of range
 * (22003, 22007, 22008). Routes validate first; this is the net for any check they miss, so a
 * hostile value is the caller's 400, not our 500. Other errors keep their 500.
 */
const INPUT_DATA_ERRORS = new Set(['22021', '22P02', '22001', '22003', '22007', '22008']);

/** The Postgres SQLSTATE of an error, looking through Drizzle's wrapper (`cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Every failure leaves as JSON; only a genuine bug becomes a 500, and it is logged. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).headers(error.headers).send(error.body());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = frameworkErrors[error.code];
      return reply
        .status(status)
        .send({ error: known?.code ?? 'bad_request', message: known?.message ?? error.message });
    }
    const state = sqlState(error);
    if (state && INPUT_DATA_ERRORS.has(state)) {
      request.log.warn({ sqlState: state }, 'input the database refused');
      return reply.status(400).send({ error: 'bad_request', message: messages.malformedRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: messages.internal });
  });
}
