import type { Log, LogFn } from '../platform/log.ts';

/** A Log keeping each line as `level message` (fields left out), for tests that read what was logged. */
export function recordingLog(lines: string[] = []): Log & { lines: string[] } {
  const at =
    (level: string): LogFn =>
    (first: object | string, message?: string) =>
      void lines.push(`${level} ${typeof first === 'string' ? first : (message ?? '')}`);
  const log: Log & { lines: string[] } = {
    lines,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => log,
  };
  return log;
}
