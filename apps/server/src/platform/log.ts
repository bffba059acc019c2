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

/** One level's method: structured fields first (`{ err }` for an error), then the message. */
export interface LogFn {
  (fields: object, message?: string): void;
  (message: string): void;
}

/**
 * The server's one logger interface: modules log through the `Log` they are given (`ctx.log`),
 * never through pino itself, so a test hands them `silentLog` or a recording one.
 */
export interface Log {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  /** A logger that adds `bindings` to every line (`{ source: 'rss' }`). */
  child(bindings: Record<string, unknown>): Log;
}

const ignore: LogFn = () => {};

/** Writes nothing: unit tests and tools that have no log. */
export const silentLog: Log = {
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
  child: () => silentLog,
};

/** The one adapter over pino: the process's logger as modules see it. */
export function pinoLog(logger: Logger): Log {
  const level =
    (name: 'debug' | 'info' | 'warn' | 'error'): LogFn =>
    (first: object | string, message?: string) => {
      if (typeof first === 'string') logger[name](first);
      else logger[name](first, message);
    };
  return {
    debug: level('debug'),
    info: level('info'),
    warn: level('warn'),
    error: level('error'),
    child: (bindings) => pinoLog(logger.child(bindings)),
  };
}

/** The process's pino logger (Fastify logs requests to it); tests pass a stream to read what would have been written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: logSerializers,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
