import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { type App, buildApp, createAppContext } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { type AppContext, closeContext } from '../platform/context.ts';
import { createManualClock, type ManualClock } from './manualClock.ts';
import { type SmtpSink, startSmtpSink } from './smtpSink.ts';
import { openTestDatabase } from './testDatabase.ts';

/** Links in mail point here, never at the test server, proving they come from APP_URL. */
export const TEST_APP_URL = 'http://tapeline.test:8080';

export interface TestAppOptions {
  /** Send mail over a real SMTP server (default) or keep it in the dev outbox. */
  mail?: 'smtp' | 'outbox';
  env?: Record<string, string>;
  /** The app's logger (default: silent); tests that read the log pass one writing to memory. */
  log?: Logger;
  /** A second server node on the same database (scale-out tests); it leaves the database open. */
  shareDatabaseWith?: TestApp;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApp {
  baseUrl: string;
  ctx: AppContext;
  app: App;
  clock: ManualClock;
  smtp: SmtpSink | null;
  /** JSON over real HTTP. A string body is sent as is, to test malformed input. */
  call<T = Record<string, unknown>>(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  /** The path of a link from a mail, resolved against the test server. */
  local(link: string): string;
  close(): Promise<void>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const smtp = options.mail === 'outbox' ? null : await startSmtpSink();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tapeline-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    MARKET_FEED: 'off',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...options.env,
  });
  const clock = createManualClock();
  const shared = options.shareDatabaseWith?.ctx.database;
  const database = shared ? { ...shared, close: async () => {} } : await openTestDatabase();
  const ctx = await createAppContext(config, {
    clock,
    database,
    log: options.log ?? pino({ level: 'silent' }),
  });
  const app = await buildApp(ctx);
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.http.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    ctx,
    app,
    clock,
    smtp,
    async call(method, url, { body, token, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
      const h = init.headers as Record<string, string>;
      if (token) h.authorization = `Bearer ${token}`;
      if (body !== undefined) {
        h['content-type'] ??= 'application/json';
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const response = await fetch(`${baseUrl}${url}`, init);
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        // Not JSON (a redirect or the SPA): keep the text.
      }
      return { status: response.status, body: parsed as never, headers: response.headers };
    },
    local(link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    },
    async close() {
      await app.http.close();
      await closeContext(ctx);
      await smtp?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
