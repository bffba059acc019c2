import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type SmtpSink, startSmtpSink } from '../../apps/server/src/test/smtpSink.ts';
import { E2E_PORT } from '../playwright.config.ts';
import { E2E_DIR, MAIL_DIR } from './mailbox.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A real SMTP server whose mail lands as JSON files the specs can read. */
async function startSmtp(): Promise<SmtpSink> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  return startSmtpSink({
    onMail(mail) {
      n += 1;
      const record = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.links,
        receivedAt: Date.now(),
      };
      // Written aside and renamed: a spec polling the folder never reads half a file.
      const file = path.join(MAIL_DIR, `${Date.now()}-${n}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(record));
      renameSync(`${file}.tmp`, file);
    },
  });
}

// 120 s: on a shared 2-core machine under load the server took over 60 s to answer.
async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** The server's production bundle (`npm run build`: the web app and the server). */
export const SERVER_MAIN = 'apps/server/dist/main.js';

/**
 * The built app (`node apps/server/dist/main.js`, as `npm run start:prod`) on a fresh embedded
 * database, mailing through a real SMTP server. The bundle rather than the source through tsx:
 * the process and each of its threads (engine, voice, lab) start without compiling TypeScript.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(root, SERVER_MAIN)))
    throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const smtp = await startSmtp();
  const dataDir = path.join(E2E_DIR, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  const baseUrl = `http://127.0.0.1:${E2E_PORT}`;
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      SMTP_URL: smtp.url,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_SCALE: '100',
      // The alerts spec's webhook receiver and push service listen on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      PUSH_ALLOW_INSECURE: 'true',
      // A small simulated market: the stream spec needs live batches, the machine has 2 cores.
      MARKET_FEED: process.env.E2E_MARKET_FEED ?? 'simulator',
      SIM_SYMBOLS: '2000',
      SIM_TRADE_RATE: '1500',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  await waitForHealth(`${baseUrl}/api/health`, server).catch((error: unknown) => {
    // A server that never answered would otherwise outlive the run and hold the port.
    server.kill('SIGTERM');
    throw error;
  });
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await smtp.close();
  };
}
