import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { createKey } from './testing/keys.ts';

// docs/api.md's Node bot, word for word, against the simulated market (issue 25 "Done when"):
// it prints new highs within 10 s of starting.

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const app = withApp({
  mail: 'outbox',
  env: { MARKET_FEED: 'simulator', SIM_SYMBOLS: '300', SIM_SPEED: '10', SIM_TRADE_RATE: '300' },
});
const children: ChildProcess[] = [];
const dir = path.join(ROOT, '.tmp', `node-bot-${process.pid}`);
afterAll(async () => {
  for (const child of children) child.kill();
  await rm(dir, { recursive: true, force: true });
});

/** The fenced block after `<!-- node-bot -->` in docs/api.md. */
async function nodeBotSource(): Promise<string> {
  const doc = await readFile(path.join(ROOT, 'docs/api.md'), 'utf8');
  const match = /<!-- node-bot -->\s*```js\n([\s\S]*?)```/.exec(doc);
  if (!match?.[1]) throw new Error('docs/api.md has no Node bot block');
  return match[1];
}

describe("docs/api.md's Node bot", () => {
  it('is at most 30 lines and prints highs from the simulated market within 10 s', async () => {
    const source = await nodeBotSource();
    expect(source.trimEnd().split('\n').length).toBeLessThanOrEqual(30);
    // Inside the repository, so `ws` resolves from its node_modules as it would from a bot's own.
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'bot.mjs'), source);
    const { token } = await seedSubscriber(app);
    const { key } = await createKey(app, token, ['market:read', 'alerts:read']);

    const started = Date.now();
    const child = spawn(process.execPath, ['bot.mjs'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', TAPELINE_URL: app.baseUrl, TAPELINE_KEY: key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const firstHigh = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no HIGH within 10 s; stderr: ${stderr}`)), 10_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.startsWith('HIGH '));
        if (line) {
          clearTimeout(timer);
          resolve(line);
        }
      });
      child.once('exit', (code) => reject(new Error(`bot exited ${code}: ${stderr}`)));
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(firstHigh).toMatch(/^HIGH [A-Z.]+ \d+(\.\d+)? \(#\d+\)$/);
  });
});
