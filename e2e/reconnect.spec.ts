import { expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { dashboardReady } from './support/dashboard.ts';
import { newVerifiedUser, subscribePro } from './support/subscriber.ts';
import { freshEmail } from './support/users.ts';

// docs/continuity.md §2: a dropped connection is never silent, and it goes once the socket is
// back (reconnected and caught up).

/**
 * What the page's sockets carry: the `stream_resume` requests sent and their answers (the text
 * frame of socket.io's ack), and how many live stream batches came. A tab asks once at the start
 * too, for the batches between its recent view and its first live batch (continuity §2).
 */
function watchFrames(page: Page): { asked: () => number; answers: string[]; batches: () => number } {
  const answers: string[] = [];
  let batches = 0;
  let asked = 0;
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"stream_resume"')) asked += 1;
    });
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      if (payload.includes('"compressedUpdate"')) batches += 1;
      if (/^4[36]\d*-?\d*\[\{"ok":\w+,"batches"/.test(payload)) answers.push(payload);
    });
  });
  return { asked: () => asked, answers, batches: () => batches };
}

/** Live batches have come and every resume asked so far is answered: returns the answers so far. */
async function settled(frames: ReturnType<typeof watchFrames>): Promise<number> {
  await expect.poll(frames.batches, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => frames.answers.length === frames.asked()).toBe(true);
  return frames.answers.length;
}

/** Once back, it stays back: a reconnect that breaks again would bring the pill back. */
async function staysLive(page: Page) {
  const pill = page.getByTestId('connection-pill');
  await expect(pill).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(5000);
  await expect(pill).toHaveCount(0);
}

/** A signed-in Pro subscriber's dashboard, its Main stream drawn and the connection live. */
async function liveDashboard(page: Page, email: string) {
  await newVerifiedUser(page, email);
  await subscribePro(page);
  await dashboardReady(page);
  await expect(page.getByTestId('cell-stream1')).toBeVisible();
}

test('a connection cut for 20 s says Reconnecting… throughout, and nothing once it is back', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await liveDashboard(page, freshEmail(info, 'cut'));
  // The page's sockets go through a switchable proxy: cut, the open ones close and new ones are
  // refused (a network gone without the browser noticing); allowed, the next retry gets through.
  // Routed from a fresh load of the signed-in page.
  let allow = true;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (!allow) return void ws.close();
    ws.connectToServer();
    open.add(ws);
  });
  const frames = watchFrames(page);
  await page.reload();
  await dashboardReady(page);
  // A live batch has come, so the tab has a place in the sequence to resume from.
  const before = await settled(frames);
  const pill = page.getByTestId('connection-pill');
  await expect(pill).toHaveCount(0);

  allow = false;
  for (const ws of open) await ws.close();
  open.clear();
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await page.waitForTimeout(20_000);
  await expect(pill).toHaveText('Reconnecting…');

  allow = true;
  await staysLive(page);
  expect(open.size).toBeGreaterThan(0);
  // One catch-up, answered with the missed batches.
  expect(frames.answers.slice(before)).toHaveLength(1);
  expect(frames.answers[before]).toContain('{"ok":true');
});

// The browser says it is offline: the pill shows at once and the dead WebSocket is closed.
test('20 s offline says Reconnecting… for as long as it lasts, and nothing once back', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  const frames = watchFrames(page);
  await liveDashboard(page, freshEmail(info, 'offline'));
  const before = await settled(frames);
  const pill = page.getByTestId('connection-pill');
  await expect(pill).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await page.waitForTimeout(20_000);
  await expect(pill).toHaveText('Reconnecting…');

  await context.setOffline(false);
  await staysLive(page);
  expect(frames.answers.slice(before)).toHaveLength(1);
  expect(frames.answers[before]).toContain('{"ok":true');
});
