import {
  alertHistoryResponseSchema,
  CHAT_POPOUT,
  CHAT_POPOUT_SIZE,
  PRODUCT_NAME,
  settingsResponseSchema,
  successResponseSchema,
} from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { withSession } from '../../test-setup/session.tsx';
import { loadPopoutPage } from '../popout/index.ts';
import { chatText } from './chatText.ts';
import { chatMessage } from './testing/chatFixtures.ts';
import { chatServer, page, resetSocket } from './testing/chatTestKit.ts';

vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

// The settings store waits 2 s from the app's start before loading (spec §4).
const SETTLED = { timeout: 5000 };
// The page as the router loads it (lazily, through the popout feature's surface).
const { PopoutPage } = await loadPopoutPage();

beforeEach(resetSocket);

describe('/popout/chat', () => {
  it('opens at 400 × 600 in every new layout (spec §9)', () => {
    expect(CHAT_POPOUT.screen).toMatchObject({ w: CHAT_POPOUT_SIZE.width, h: CHAT_POPOUT_SIZE.height });
  });

  it('shows the Chat widget alone, live, titled after it', async () => {
    const server = chatServer(() =>
      page([chatMessage(1, Date.now() - 60_000, { content: 'hello from the pop-out' })]),
    );
    server.api
      .on(
        'GET /api/settings',
        ok(settingsResponseSchema, { success: true, config: null, discovery: null, layout: null }),
      )
      .on('POST /api/settings/config', ok(successResponseSchema, { success: true }))
      .on('GET /api/config', configAnswer())
      .on('GET /api/alert_history', ok(alertHistoryResponseSchema, []));
    renderUi(<PopoutPage />, { at: '/popout/chat', path: '/popout/:widget', wrap: withSession });

    const main = await screen.findByTestId('popout-chat', {}, SETTLED);
    const widget = await within(main).findByRole('region', { name: 'Chat' }, SETTLED);
    expect(await within(widget).findByText('hello from the pop-out', {}, SETTLED)).toBeInTheDocument();
    expect(within(widget).getByRole('tablist', { name: chatText.channels })).toBeInTheDocument();
    expect(document.title).toBe(`${PRODUCT_NAME} — Chat`);
  });
});
