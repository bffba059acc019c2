import {
  ALERT_EVENTS,
  alertHistoryResponseSchema,
  alertMessages,
  CHAT_EVENTS,
  chatMessages,
  defaultConfig,
  PROTOCOL_VERSION,
} from '@tapeline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markReconnected } from '../../lib/connectionStatus.ts';
import { SETTINGS_LOAD_DELAY_MS } from '../../lib/settings/settingsStore.ts';
import { SettingsProvider, useSettings } from '../../lib/settings/useSettings.tsx';
import { firedAlert } from '../../test-setup/alertFixtures.tsx';
import { ok } from '../../test-setup/fakeApi.ts';
import { emit, socket } from '../../test-setup/fakeSocket.ts';
import { configAnswer, settingsApi } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { AlertsRuntime } from './AlertsRuntime.tsx';
import { AlertsWidget } from './AlertsWidget.tsx';
import { alertsText } from './alertsText.ts';
import { voiceUnlock } from './voiceUnlock.ts';

// The socket is the network here: the tab's socket is replaced by a hand-fed one, the way
// component tests fake fetch. Everything from the event listener up is the real code.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

/** Records the clips the voice queue plays; each plays until the test ends it. */
const audio = vi.hoisted(() => ({ played: [] as string[] }));
class FakeAudio {
  constructor(url: string) {
    audio.played.push(url);
  }
  play() {
    return Promise.resolve();
  }
  pause() {}
  addEventListener() {}
}

const HISTORY = [{ msg: 'MSFT volume spike', date: Date.UTC(2026, 0, 5, 14) }];
// The settings store loads 2 s after the app starts (§4).
const SETTLED = { timeout: 8000 };

/** Says when the settings store has loaded (the prompt is decided in the same render). */
function SettingsStatus() {
  return <output aria-label="settings">{useSettings().status}</output>;
}

function renderRuntime(config = defaultConfig(), speak = true) {
  const api = settingsApi(config)
    .on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY))
    .on('GET /api/config', configAnswer());
  signedIn(api);
  return {
    api,
    ...renderUi(
      <SettingsProvider>
        <AlertsWidget {...widgetProps('alerts')} />
        <AlertsRuntime speak={speak} />
        <SettingsStatus />
      </SettingsProvider>,
      { wrap: withSession },
    ),
  };
}

const historyItems = () =>
  within(screen.getByRole('list', { name: alertsText.list }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(() => {
  socket.listeners.clear();
  socket.sent.length = 0;
  socket.answers.length = 0;
  socket.connected = true;
  audio.played = [];
  voiceUnlock.reset();
  vi.stubGlobal('Audio', FakeAudio);
});

describe('live alerts in the tab', () => {
  it('a fired alert is a toast and the top of the history; a repeat of its id is dropped', async () => {
    renderRuntime();
    await screen.findByRole('list', { name: alertsText.list });
    await waitFor(() => expect(socket.listeners.get(ALERT_EVENTS.alert)?.size).toBe(1));

    emit(ALERT_EVENTS.alert, firedAlert(1, { msg: 'AAPL new high 201.50' }));
    expect(await screen.findByText('AAPL new high 201.50', { selector: '.toast-text' })).toBeInTheDocument();
    expect(historyItems()).toEqual([
      expect.stringContaining('AAPL new high 201.50'),
      expect.stringContaining('MSFT volume spike'),
    ]);

    emit(ALERT_EVENTS.alert, firedAlert(1, { msg: 'AAPL new high 201.50' }));
    emit(
      ALERT_EVENTS.filtered,
      firedAlert(2, { kind: 'filtered', msg: 'TSLA entered filter Gappers', zone: 'filtered' }),
    );
    await waitFor(() => expect(historyItems()).toHaveLength(3));
    expect(historyItems()[0]).toContain('TSLA entered filter Gappers');
    expect(screen.getByText('3 alerts')).toBeInTheDocument();
  });

  it('ignores what is not a fired alert', async () => {
    renderRuntime();
    await screen.findByRole('list', { name: alertsText.list });
    await waitFor(() => expect(socket.listeners.get(ALERT_EVENTS.alert)?.size).toBe(1));
    emit(ALERT_EVENTS.alert, { msg: 'no id', symbol: 'AAPL' });
    expect(historyItems()).toHaveLength(1);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('a chat mention of the trader is a toast, with no Chat widget open; other chat events are not', async () => {
    renderRuntime();
    await screen.findByRole('list', { name: alertsText.list });
    await waitFor(() => expect(socket.listeners.get(CHAT_EVENTS.update)?.size).toBe(1));
    const text = chatMessages.mentioned('ann', 'Options');
    const v = PROTOCOL_VERSION;
    emit(CHAT_EVENTS.update, { v, type: 'slow_mode', channel_id: 'options', seconds: 5 });
    emit(CHAT_EVENTS.update, { v, type: 'mention', channel_id: 'options', id: 9, from: 'ann' });
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    emit(CHAT_EVENTS.update, {
      v,
      type: 'mention',
      channel_id: 'options',
      id: 9,
      from: 'ann',
      message: text,
    });
    expect(await screen.findByText(text, { selector: '.toast-text' })).toBeInTheDocument();
    expect(historyItems()).toHaveLength(1);
  });
});

describe('voice notifications', () => {
  const voiced = {
    ...defaultConfig(),
    voiceNoti: [{ zone: 'primary_high' as const, voice: 'voice2' as const, type: 'symbol' as const }],
    voiceBuffer: 10,
  };

  it('asks for a key or click first, then speaks the zone’s voice from the voice host, once per symbol', async () => {
    const { user } = renderRuntime(voiced);
    const prompt = await screen.findByText(alertMessages.voicePrompt, {}, SETTLED);
    emit(ALERT_EVENTS.alert, firedAlert(1));
    expect(audio.played).toEqual([]);

    await user.click(prompt);
    emit(ALERT_EVENTS.alert, firedAlert(2));
    expect(audio.played).toEqual(['/voice/AAPL/voice2-s.mp3']);
    // Another zone without a voice is silent; the same symbol within 10 s is not repeated.
    emit(ALERT_EVENTS.alert, firedAlert(3, { symbol: 'MSFT', zone: 'alt_low' }));
    emit(ALERT_EVENTS.alert, firedAlert(4));
    expect(audio.played).toEqual(['/voice/AAPL/voice2-s.mp3']);
  });

  it('a key pressed anywhere on the page is the gesture too, prompt or not', async () => {
    const { user } = renderRuntime(voiced);
    // Once the signed-in page is up (the session settles first).
    await screen.findByRole('status', { name: 'settings' });
    await user.keyboard('x');
    await waitFor(
      () => expect(screen.getByRole('status', { name: 'settings' })).toHaveTextContent('ready'),
      SETTLED,
    );
    emit(ALERT_EVENTS.alert, firedAlert(1, { symbol: 'NVDA' }));
    expect(audio.played).toEqual(['/voice/NVDA/voice2-s.mp3']);
  });

  it('does not prompt when no zone has a voice, nor in a pop-out that leaves speaking to the dashboard', async () => {
    const settled = () =>
      waitFor(
        () => expect(screen.getByRole('status', { name: 'settings' })).toHaveTextContent('ready'),
        SETTLED,
      );
    const first = renderRuntime(defaultConfig());
    await settled();
    expect(screen.queryByText(alertMessages.voicePrompt)).not.toBeInTheDocument();
    first.unmount();

    renderRuntime(voiced, false);
    await settled();
    expect(screen.queryByText(alertMessages.voicePrompt)).not.toBeInTheDocument();
  });
});

describe('alerts fired while the connection was down', () => {
  const voiced = {
    ...defaultConfig(),
    voiceNoti: [{ zone: 'primary_high' as const, voice: 'voice2' as const, type: 'symbol' as const }],
    voiceBuffer: 0,
  };
  // The page's clock, frozen and moved by hand. It starts from the real time the file runs at:
  // the settings load waits for 2 s after the app module's real start, so a fixed date earlier
  // than the day the suite runs would never load them (it failed after 15:30 UTC on its day).
  const T0 = Date.now();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 + SETTINGS_LOAD_DELAY_MS });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are asked for from the highest id heard; recent ones toasted and spoken, older than 30 s only listed, repeats dropped', async () => {
    const { user, api } = renderRuntime(voiced);
    const prompt = await screen.findByText(alertMessages.voicePrompt, {}, SETTLED);
    await waitFor(() => expect(socket.listeners.get(ALERT_EVENTS.alert)?.size).toBe(1));
    // Heard before audio is allowed, so the one clip the queue plays at a time is free after.
    emit(ALERT_EVENTS.alert, firedAlert(7, { symbol: 'AMD', msg: 'AMD new high', time: T0 + 10_000 }));
    await user.click(prompt);

    // Two minutes later the socket is back: the server still holds what fired meanwhile.
    vi.setSystemTime(T0 + 120_000);
    const missed = [
      firedAlert(8, { symbol: 'TSLA', msg: 'TSLA new high 250.00', time: T0 + 60_000 }),
      firedAlert(9, { symbol: 'NVDA', msg: 'NVDA new high 140.00', time: T0 + 100_000 }),
    ];
    api.on(
      'GET /api/alert_history',
      ok(alertHistoryResponseSchema, [
        ...missed.map((a) => ({ msg: a.msg, date: a.time })).reverse(),
        { msg: 'AMD new high', date: T0 + 10_000 },
        ...HISTORY,
      ]),
    );
    act(() => markReconnected('live'));
    expect(socket.answers.map((r) => r.message)).toEqual([
      [ALERT_EVENTS.resume, { v: PROTOCOL_VERSION, since: 7 }],
    ]);
    await socket.answers[0]?.answer({ ok: true, alerts: [firedAlert(7), ...missed] });

    // NVDA fired 20 s ago: said and shown; TSLA fired 60 s ago (and came first): in the list
    // only, else its clip would be the one playing; AMD was heard already.
    expect(await screen.findByText('NVDA new high 140.00', { selector: '.toast-text' })).toBeInTheDocument();
    expect(screen.queryByText('TSLA new high 250.00', { selector: '.toast-text' })).not.toBeInTheDocument();
    expect(audio.played).toEqual(['/voice/NVDA/voice2-s.mp3']);
    await waitFor(() => expect(historyItems()).toHaveLength(4));
    expect(historyItems()[1]).toContain('TSLA new high 250.00');

    // The next reconnect asks from the highest id now held.
    act(() => markReconnected('live'));
    expect(socket.answers.at(-1)?.message).toEqual([ALERT_EVENTS.resume, { v: PROTOCOL_VERSION, since: 9 }]);
  });
});
