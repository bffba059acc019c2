import { CHAT_EVENTS, chatMessages, type DashboardConfig, defaultConfig } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsProvider } from '../../lib/settings/useSettings.tsx';
import { emit, socket } from '../../test-setup/fakeSocket.ts';
import { serveSettings } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { ChatWidget } from './ChatWidget.tsx';
import { ANN, chatMessage, ME } from './chatFixtures.ts';
import { chatServer, page, paramsOf, resetSocket, v } from './chatTestKit.ts';
import { chatText } from './chatText.ts';

// The socket is the network here: a hand-fed one replaces the tab's.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

const DAY = 86_400_000;
const ago = (ms: number) => Date.now() - ms;

const renderChat = () => renderUi(<ChatWidget {...widgetProps('chat')} />, { wrap: withSession });
const log = () => screen.findByRole('log', { name: chatText.list });
const shownTexts = () =>
  [...screen.getByRole('log', { name: chatText.list }).querySelectorAll('.chat-msg__content')].map(
    (n) => n.textContent,
  );
const tab = (name: string) => screen.getByRole('tab', { name });
const incoming = (message: ReturnType<typeof chatMessage>) =>
  emit(CHAT_EVENTS.update, { v, type: 'message', message });

beforeEach(resetSocket);

describe('ChatWidget list', () => {
  it('opens the first channel, its messages oldest first under Today and their date, and joins its room', async () => {
    // Dated before the widget reads its clock, so 'a minute ago' is a minute old on screen.
    const answer = page([
      chatMessage(3, ago(61_000), { content: 'fresh' }),
      chatMessage(1, ago(3 * DAY), { content: 'old' }),
    ]);
    const server = chatServer(() => answer);
    renderChat();
    const list = await log();

    expect(tab('General')).toHaveAttribute('aria-selected', 'true');
    expect(shownTexts()).toEqual(['old', 'fresh']);
    const days = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days).toHaveLength(2);
    expect(days[1]).toBe(chatMessages.today);
    expect(within(list).getByText('1 min ago')).toBeInTheDocument();
    expect(screen.getByText(chatText.reachedEnd)).toBeInTheDocument();
    expect(server.asked[0]?.pathname).toBe('/api/chat/general/messages');
    expect(paramsOf(server.asked[0])).toEqual({});
    expect(socket.rooms.get(CHAT_EVENTS.update)).toEqual({
      join: [CHAT_EVENTS.subscribe, { v, channel: 'general' }],
      leave: [CHAT_EVENTS.unsubscribe, { v, channel: 'general' }],
    });
    expect(screen.getByRole('combobox', { name: chatText.search })).toHaveAttribute(
      'placeholder',
      '@ or Symbol',
    );
  });

  it('another tab asks that channel and joins its room instead', async () => {
    const server = chatServer(() => page([chatMessage(1, ago(60_000))]));
    const { user } = renderChat();
    await log();

    await user.click(tab('Options'));
    await waitFor(() => expect(server.asked.at(-1)?.pathname).toBe('/api/chat/options/messages'));
    expect(tab('Options')).toHaveAttribute('aria-selected', 'true');
    expect(socket.rooms.get(CHAT_EVENTS.update)).toMatchObject({
      join: [CHAT_EVENTS.subscribe, { v, channel: 'options' }],
    });

    // Back to General: its list starts again at the newest page (the reached-end flag cleared).
    const before = server.asked.length;
    await user.click(tab('General'));
    await waitFor(() => expect(server.asked).toHaveLength(before + 1));
    expect(server.asked.at(-1)?.pathname).toBe('/api/chat/general/messages');
    expect(paramsOf(server.asked.at(-1))).toEqual({});
  });

  it('pages back with p_ts (the oldest time shown) until reachedEnd', async () => {
    const newest = chatMessage(5, ago(60_000), { content: 'five' });
    const older = chatMessage(4, ago(120_000), { content: 'four' });
    const server = chatServer(() => page([newest, older], false));
    const { user } = renderChat();
    await log();
    expect(screen.queryByText(chatText.reachedEnd)).toBeNull();

    server.pages(() => page([chatMessage(2, ago(DAY), { content: 'two' })], true));
    await user.click(screen.getByRole('button', { name: chatText.loadOlder }));
    await waitFor(() => expect(shownTexts()).toEqual(['two', 'four', 'five']));
    expect(paramsOf(server.asked[1])).toEqual({ p_ts: String(older.created_at) });
    expect(screen.getByText(chatText.reachedEnd)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: chatText.loadOlder })).toBeNull();
  });

  it('a live message of the channel joins the list; another channel’s or one already shown does not', async () => {
    chatServer(() => page([chatMessage(1, ago(60_000), { content: 'one' })]));
    renderChat();
    await log();

    incoming(chatMessage(2, ago(1000), { content: 'two' }));
    incoming(chatMessage(3, ago(1000), { content: 'elsewhere', channel_id: 'options' }));
    incoming(chatMessage(1, ago(60_000), { content: 'one' }));
    await waitFor(() => expect(shownTexts()).toEqual(['one', 'two']));
  });

  it('the messages failing is said (toast and list)', async () => {
    chatServer(() => ({ status: 500, body: { error: 'failed' } }));
    renderChat();
    await waitFor(() => expect(screen.getAllByText(chatMessages.messagesFailed)).toHaveLength(2));
  });

  it('the channels failing is said (toast and widget)', async () => {
    const server = chatServer(() => page([]));
    server.api.on('GET /api/chat/channels', { status: 500, body: { error: 'failed' } });
    renderChat();
    await waitFor(() => expect(screen.getAllByText(chatMessages.channelsFailed)).toHaveLength(2));
  });

  it("a user search asks u (no @) and shows only that user's live messages; the composer waits for a reply", async () => {
    const server = chatServer(() => page([chatMessage(1, ago(60_000), { content: 'by annie' })]));
    const { user } = renderChat();
    await log();

    const box = screen.getByRole('combobox', { name: chatText.search });
    await user.type(box, '@anni');
    const options = await screen.findByRole('listbox', { name: chatText.suggestionsFor('user') });
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@annie']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(paramsOf(server.asked.at(-1))).toEqual({ u: 'annie' }));
    expect(box).toHaveValue('@annie');
    expect(screen.getByRole('textbox', { name: chatText.composer })).toBeDisabled();
    expect(screen.getByText(chatText.searchingHint)).toBeInTheDocument();

    await log();
    incoming(chatMessage(2, ago(1000), { content: 'mine', user: ME }));
    incoming(chatMessage(3, ago(1000), { content: 'annie again', user: ANN }));
    await waitFor(() => expect(shownTexts()).toEqual(['by annie', 'annie again']));

    await user.click(screen.getByRole('button', { name: chatText.clearSearch }));
    await waitFor(() => expect(paramsOf(server.asked.at(-1))).toEqual({}));
    expect(screen.getByRole('textbox', { name: chatText.composer })).toBeEnabled();
  });

  it('@ with fewer than 3 characters searches nothing yet', async () => {
    const server = chatServer(() => page([]));
    const { user } = renderChat();
    await log();
    await user.type(screen.getByRole('combobox', { name: chatText.search }), '@an');
    expect(screen.getByText(chatText.userHint)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(server.asked).toHaveLength(1);
  });

  it('a symbol search asks s', async () => {
    const server = chatServer(() => page([]));
    const { user } = renderChat();
    await log();
    await user.type(screen.getByRole('combobox', { name: chatText.search }), 'amd');
    await screen.findByRole('listbox', { name: chatText.suggestionsFor('symbol') });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(paramsOf(server.asked.at(-1))).toEqual({ s: 'AMD' }));
  });
});

describe('ChatWidget remembers the channel (issue 27 item 5)', () => {
  // The settings store waits 2 s from the app's start before loading (spec §4).
  const SETTLED = { timeout: 5000 };
  const inSettings = (children: ReactNode) => withSession(<SettingsProvider>{children}</SettingsProvider>);
  const serve = (config: DashboardConfig) => {
    const server = chatServer(() => page([chatMessage(1, ago(60_000))]));
    serveSettings(server.api, config);
    return server;
  };

  it('reopens on the channel saved with the settings', async () => {
    const server = serve({ ...defaultConfig(), chatChannel: 'options' });
    renderUi(<ChatWidget {...widgetProps('chat')} />, { wrap: inSettings });
    await waitFor(() => expect(tab('Options')).toHaveAttribute('aria-selected', 'true'), SETTLED);
    await waitFor(() => expect(server.asked.at(-1)?.pathname).toBe('/api/chat/options/messages'));
  });

  it('saves the channel the trader picks, for this user, with the config', async () => {
    const server = serve(defaultConfig());
    const { user, unmount } = renderUi(<ChatWidget {...widgetProps('chat')} />, { wrap: inSettings });
    await waitFor(() => expect(server.api.calls('GET /api/settings')).toHaveLength(1), SETTLED);
    await log();
    expect(tab('General')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('Options'));
    unmount(); // leaving sends the debounced save at once
    const saved = server.api.calls('POST /api/settings/config').at(-1)?.body as { config: DashboardConfig };
    expect(saved.config.chatChannel).toBe('options');
    expect(saved.config.stream).toEqual(defaultConfig().stream);
  });

  it('a saved channel that no longer exists gives way to the first', async () => {
    serve({ ...defaultConfig(), chatChannel: 'gone' });
    renderUi(<ChatWidget {...widgetProps('chat')} />, { wrap: inSettings });
    await log();
    expect(tab('General')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('ChatWidget channel tabs that do not fit (issue 27)', () => {
  it('show a cue on the side with more tabs, which scrolls them into view', async () => {
    // jsdom lays nothing out: the tab strip is 400 px wide and its tabs 700 px.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('chat-tabs') ? 400 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('chat-tabs') ? 700 : 0;
    });
    chatServer(() => page([chatMessage(1, ago(60_000))]));
    const { user } = renderChat();
    await log();
    const tabs = screen.getByRole('tablist', { name: chatText.channels });
    expect(screen.queryByRole('button', { name: chatText.earlierChannels })).toBeNull();
    await user.click(screen.getByRole('button', { name: chatText.moreChannels }));
    expect(tabs.scrollLeft).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: chatText.earlierChannels })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('show no cue when they fit', async () => {
    chatServer(() => page([chatMessage(1, ago(60_000))]));
    renderChat();
    await log();
    expect(screen.queryByRole('button', { name: chatText.moreChannels })).toBeNull();
  });
});
