import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { startTestApp } from '../../test/testApp.ts';
import { connectTab, until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { DRAIN_GRACE_MS } from './drain.ts';

// SIGTERM's first step (main.ts): the server stops taking connections and lets the requests in
// flight on kept-alive connections finish, each told `Connection: close`, before anything else
// closes; what is still open after the grace is closed. Raw sockets, so keep-alive is exact.

const app = withApp({ mail: 'outbox' });

interface Conn {
  socket: Socket;
  text(): string;
  closed: Promise<void>;
}

async function open(): Promise<Conn> {
  const { port } = new URL(app.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, text: () => text, closed };
}

describe('draining HTTP on stop', () => {
  it('closes idle kept-alive connections, finishes the requests in flight with Connection: close, then closes the rest after the grace', async () => {
    // A kept-alive connection, idle after one answer.
    const idle = await open();
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n');
    await until('the first answer', () => (idle.text().includes('\r\n\r\n{') ? true : undefined));
    expect(idle.text()).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.text().toLowerCase()).toContain('connection: keep-alive');

    // Two requests in flight: their bodies are still on the way.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const slow = await open();
    const stuck = await open();
    slow.socket.write(head + body.slice(0, 10));
    stuck.socket.write(head + body.slice(0, 10));
    await until('both requests in flight', () => (app.app.drain.inFlight() === 2 ? true : undefined));

    let stopped = false;
    const stopping = app.app.drain.drain().then(() => {
      stopped = true;
    });
    await idle.closed;
    // No new connection is taken.
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The slow request finishes and is answered in full, its connection closing after it.
    slow.socket.write(body.slice(10));
    await slow.closed;
    expect(slow.text()).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(slow.text().toLowerCase()).toContain('connection: close');
    expect(slow.text()).toContain('"error"');
    expect(stopped).toBe(false);

    // The stuck one is cut when the grace is over, not before.
    app.clock.advance(DRAIN_GRACE_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    app.clock.advance(1);
    await stopping;
    await stuck.closed;
    expect(stuck.text()).toBe('');
  });
});

describe('stopping with sockets open', () => {
  // An app of its own (the one above is drained): its start is most of the time on a busy machine.
  it('does not wait for an open tab: the server closes it and the stop finishes', {
    timeout: 60_000,
  }, async () => {
    const other = await startTestApp({ mail: 'outbox' });
    const { token } = await seedSubscriber(other, 'standard');
    const tab = await connectTab(other.baseUrl, token);
    const gone = new Promise((resolve) => tab.once('disconnect', resolve));
    await other.app.drain.drain();
    // Before: the HTTP server's close waited for the upgraded socket for as long as the tab
    // stayed (a process: until main.ts's 10 s limit, exit 1). The bound only detects that hang.
    const stopped = await Promise.race([
      other.close().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting')),
    ]);
    expect(stopped).toBe('stopped');
    expect(await gone).toBe('io server disconnect');
  });
});
