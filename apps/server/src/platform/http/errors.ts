import { type ErrorCode, messages } from '@tapeline/core';
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
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'bad_request', message: 'Unsupported content type' },
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: messages.internal });
  });
}
