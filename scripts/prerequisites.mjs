// What `npm test` needs before it starts (scripts/test.mjs): Chromium for Playwright, a Redis
// server, and the Postgres server when TEST_DATABASE_URL is set. Each missing one is named with
// how to get it, so the run stops in a second instead of failing deep inside a stage.
import { accessSync, constants } from 'node:fs';
import { connect } from 'node:net';

/** Whether a TCP server answers at host:port within `timeoutMs`; with `send`, its first reply must start with `expect`. */
export function probeTcp({ host, port, send, expect, timeoutMs = 2000 }) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      if (!send) return done(true);
      socket.write(send);
    });
    socket.once('data', (chunk) => done(chunk.toString().startsWith(expect)));
  });
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The problems, one line each (empty: ready). `env` is the test run's environment; `probe` and
 * `isExecutable` are the checks (tests hand in their own).
 */
export async function checkPrerequisites(env, { probe = probeTcp, isExecutable = executable } = {}) {
  const problems = [];
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!isExecutable(chromium)) {
    problems.push(
      `Chromium not found at ${chromium} (Playwright drives it): install it (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  const redis = new URL(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const redisPort = Number(redis.port || 6379);
  if (!(await probe({ host: redis.hostname, port: redisPort, send: 'PING\r\n', expect: '+PONG' }))) {
    problems.push(
      `Redis not answering at ${redis.hostname}:${redisPort}: start it (redis-server --daemonize yes, or apt-get install redis-server)`,
    );
  }
  if (env.TEST_DATABASE_URL) {
    let target = null;
    try {
      target = new URL(env.TEST_DATABASE_URL);
    } catch {
      problems.push('TEST_DATABASE_URL is not a URL (postgres://user@host:5432/db)');
    }
    if (target) {
      const port = Number(target.port || 5432);
      if (!(await probe({ host: target.hostname, port }))) {
        problems.push(
          `Postgres not answering at ${target.hostname}:${port} (TEST_DATABASE_URL): start it (service postgresql start) or unset TEST_DATABASE_URL to skip the Postgres pass`,
        );
      }
    }
  }
  return problems;
}
