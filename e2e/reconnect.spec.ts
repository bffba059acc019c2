import { dashboardReady } from './support/dashboard.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Page, test, type WebSocketRoute } from './support/test.ts';
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
      if (/^4[36]\d*-?\d*\[\{/.test(payload) && payload.includes('"batches"')) answers.push(payload);
    });
  });
  return { asked: () => asked, answers, batches: () => batches };
}

/** Live batches have come and every resume asked so far is answered: returns the answers so far. */
async function settled(frames: ReturnType<typeof watchFrames>): Promise<number> {
  await expect.poll(frames.batches, { timeout: 20_000 }).toBeGreaterThan(0);
  // The start's own resume (when the tab asks one) may go after the first live batch: a tab's
  // calls take turns. Asked, or three batches on without one, the start is over.
  await expect.poll(() => frames.asked() > 0 || frames.batches() >= 3, { timeout: 20_000 }).toBe(true);
  await expect.poll(() => frames.answers.length === frames.asked()).toBe(true);
  return frames.answers.length;
}

/**
 * Once back, it stays back: live batches flow again, and through them the pill never returns (a
 * reconnect that broke again would bring it back).
 */
async function staysLive(page: Page, frames: ReturnType<typeof watchFrames>) {
  const pill = page.getByTestId('connection-pill');
  await expect(pill).toHaveCount(0, { timeout: 20_000 });
  const from = frames.batches();
  const shown = sampleShown(page);
  await expect.poll(frames.batches, { timeout: 20_000 }).toBeGreaterThanOrEqual(from + 3);
  expect(await shown.stop()).toEqual({ shown: 0, hidden: expect.any(Number) });
}

/**
 * Samples the connection pill every 100 ms in the page until stopped: how many samples saw it
 * and how many did not. A fixed wait checks one moment; this checks the whole stretch.
 */
function sampleShown(page: Page): { stop: () => Promise<{ shown: number; hidden: number }> } {
  const started = page.evaluate(() => {
    const w = window as unknown as { __pill: { shown: number; hidden: number; timer: number } };
    const counts = { shown: 0, hidden: 0, timer: 0 };
    counts.timer = window.setInterval(() => {
      const pill = document.querySelector('[data-testid="connection-pill"]');
      if (pill?.textContent?.includes('Reconnecting')) counts.shown += 1;
      else counts.hidden += 1;
    }, 100);
    w.__pill = counts;
  });
  return {
    stop: async () => {
      await started;
      return page.evaluate(() => {
        const w = window as unknown as { __pill: { shown: number; hidden: number; timer: number } };
        window.clearInterval(w.__pill.timer);
        return { shown: w.__pill.shown, hidden: w.__pill.hidden };
      });
    },
  };
}

/** How long a cut lasts: long enough for refused reconnect attempts while the pill must hold. */
const CUT_MS = 10_000;

/** A signed-in Pro subscriber's dashboard, its Main stream drawn and the connection live. */
async function liveDashboard(page: Page, email: string) {
  await signInSubscriber(page, email);
  await dashboardReady(page);
  await expect(page.getByTestId('cell-stream1')).toBeVisible();
}

test('a connection cut says Reconnecting… throughout, and nothing once it is back', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await liveDashboard(page, freshEmail(info, 'cut'));
  // The page's sockets go through a switchable proxy: cut, the open ones close and new ones are
  // refused (a network gone without the browser noticing); allowed, the next retry gets through.
  // Routed from a fresh load of the signed-in page.
  let allow = true;
  let refused = 0;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (!allow) {
      refused += 1;
      return void ws.close();
    }
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
  // Throughout the cut, while reconnect attempts are refused, the pill never leaves.
  const during = sampleShown(page);
  await page.waitForTimeout(CUT_MS);
  expect(refused, 'reconnect attempts refused during the cut').toBeGreaterThan(0);
  expect(await during.stop()).toEqual({ shown: expect.any(Number), hidden: 0 });

  allow = true;
  await staysLive(page, frames);
  expect(open.size).toBeGreaterThan(0);
  // One catch-up, answered with the missed batches.
  expect(frames.answers.slice(before)).toHaveLength(1);
  expect(frames.answers[before]).toContain('"ok":true');
});

// The browser says it is offline: the pill shows at once and the dead WebSocket is closed.
test('offline says Reconnecting… for as long as it lasts, and nothing once back', async ({
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
  const during = sampleShown(page);
  await page.waitForTimeout(CUT_MS);
  expect(await during.stop()).toEqual({ shown: expect.any(Number), hidden: 0 });

  await context.setOffline(false);
  await staysLive(page, frames);
  expect(frames.answers.slice(before)).toHaveLength(1);
  expect(frames.answers[before]).toContain('"ok":true');
});
