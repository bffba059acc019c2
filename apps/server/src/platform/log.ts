import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrl } from './http/redactUrl.ts';

/** The slice of a Fastify request the request serializer reads. */
interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
}

/**
 * Fastify logs every request through the `req` serializer of the logger it is given (it takes
 * ours over its own). Ours keeps the route readable but never a token: mail links carry theirs
 * in the URL. Headers are left out on purpose, so `Authorization` and cookies never reach a log.
 */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url ?? ''),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};

/**
 * Belt and braces for code that logs an object it did not build: the fields below are
 * replaced wherever they appear one or two levels down.
 */
const REDACT_PATHS = [
  'authorization',
  'password',
  'token',
  '*.authorization',
  '*.password',
  '*.token',
  '*.headers.authorization',
  '*.headers.cookie',
];

/** The process's logger; tests pass a stream to read what would have been written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: logSerializers,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
