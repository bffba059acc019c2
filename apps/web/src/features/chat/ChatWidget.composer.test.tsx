import {
  CHAT_EVENTS,
  chatMessages,
  refusalMessage,
  type SocketRefusalCode,
  socketRefusal,
} from '@tapeline/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, socket } from '../../test-setup/fakeSocket.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { ChatWidget } from './ChatWidget.tsx';
import { chatText } from './chatText.ts';
import { ANN, chatMessage, ME } from './testing/chatFixtures.ts';
import { chatServer, page, resetSocket, sentCalls, v } from './testing/chatTestKit.ts';
import { SEND_TIMEOUT_MS } from './useChatStatus.ts';

vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

const T0 = Date.now() - 60_000;
const renderChat = () => renderUi(<ChatWidget {...widgetProps('chat')} />, { wrap: withSession });
const composer = () => screen.findByRole('textbox', { name: chatText.composer });
const chat = (event: Record<string, unknown>) => emit(CHAT_EVENTS.update, { v, ...event });

beforeEach(resetSocket);
afterEach(() => vi.useRealTimers());

/** The server refuses the last `event` call in its ack, the one refusal shape. */
async function refuse(event: string, code: SocketRefusalCode, retryAt?: number): Promise<void> {
  const call = socket.answers.findLast((pending) => pending.message[0] === event);
  if (!call) throw new Error(`no ${event} call waits for an answer`);
  await call.answer(socketRefusal(code, retryAt));
}

describe('ChatWidget composer', () => {
  it('Enter sends the trimmed text; the composer clears when the message comes back', async () => {
    chatServer(() => page([chatMessage(1, T0)]));
    const { user } = renderChat();
    const box = await composer();

    await user.type(box, '  long $TSLA  {Enter}');
    expect(sentCalls(CHAT_EVENTS.send)).toEqual([
      [
        CHAT_EVENTS.send,
        { v, channel: 'general', msg: 'long $TSLA', replyMsg: null, clientId: expect.any(String) },
      ],
    ]);
    expect(screen.getByRole('button', { name: chatText.sending })).toBeDisabled();

    chat({ type: 'message', message: chatMessage(2, Date.now(), { user: ME, content: 'long $TSLA' }) });
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getByRole('button', { name: chatText.send })).toBeDisabled();
  });

  it('with the socket down, a send says it failed at once and keeps the text (nothing queued)', async () => {
    chatServer(() => page([]));
    const { user } = renderChat();
    const box = await composer();
    socket.connected = false;

    await user.type(box, 'still here{Enter}');
    expect(sentCalls(CHAT_EVENTS.send)).toEqual([]);
    expect(await screen.findByText(refusalMessage('failed'))).toBeVisible();
    expect(box).toHaveValue('still here');
    expect(box).toBeEnabled();
  });

  it('Shift, Ctrl and Alt+Enter add a newline and send nothing; blank never sends', async () => {
    chatServer(() => page([]));
    const { user } = renderChat();
    const box = await composer();

    await user.type(box, 'a{Shift>}{Enter}{/Shift}b{Control>}{Enter}{/Control}c{Alt>}{Enter}{/Alt}d');
    expect(box).toHaveValue('a\nb\nc\nd');
    await user.clear(box);
    await user.type(box, '   {Enter}');
    expect(sentCalls(CHAT_EVENTS.send)).toEqual([]);
  });

  it('replies: Reply focuses the composer, Escape there cancels it, a sent reply names the message', async () => {
    chatServer(() => page([chatMessage(7, T0, { content: 'question' })]));
    const { user } = renderChat();
    const box = await composer();

    await user.click(await screen.findByRole('button', { name: chatText.replyTo(ANN.name) }));
    expect(screen.getByText(chatText.replyingTo(ANN.name))).toBeInTheDocument();
    expect(box).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(chatText.replyingTo(ANN.name))).toBeNull();

    await user.click(screen.getByRole('button', { name: chatText.replyTo(ANN.name) }));
    expect(box).toHaveFocus();
    await user.keyboard('answer{Enter}');
    expect(sentCalls(CHAT_EVENTS.send).at(-1)).toEqual([
      CHAT_EVENTS.send,
      { v, channel: 'general', msg: 'answer', replyMsg: 7, clientId: expect.any(String) },
    ]);
  });

  it('completes @user and $symbol at the caret', async () => {
    chatServer(() => page([]));
    const { user } = renderChat();
    const box = await composer();

    await user.type(box, 'hi @ann');
    await screen.findByRole('listbox', { name: chatText.suggestionsFor('user') });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('hi @annabel ');
    await user.type(box, '$aa');
    await screen.findByRole('listbox', { name: chatText.suggestionsFor('symbol') });
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('hi @annabel $AAPL ');
    expect(sentCalls(CHAT_EVENTS.send)).toEqual([]);
  });

  it('sends a typing notice at most once a second', async () => {
    chatServer(() => page([]));
    const { user } = renderChat();
    await user.type(await composer(), 'abc');
    expect(sentCalls(CHAT_EVENTS.typing)).toEqual([[CHAT_EVENTS.typing, { v, channel: 'general' }]]);
  });

  it('shows who else is typing in the channel', async () => {
    chatServer(() => page([]));
    renderChat();
    await composer();
    chat({ type: 'typing', channel_id: 'general', user: { id: ANN.id, name: ANN.name } });
    chat({ type: 'typing', channel_id: 'options', user: { id: 'x', name: 'elsewhere' } });
    expect(await screen.findByText('annie is typing…')).toBeInTheDocument();
  });

  it('a refusal is a toast in the server’s words and gives the composer back', async () => {
    chatServer(() => page([]));
    const { user } = renderChat();
    const box = await composer();
    await user.type(box, 'again{Enter}');
    await refuse(CHAT_EVENTS.send, 'repeated');
    expect(await screen.findByText(refusalMessage('repeated'))).toBeInTheDocument();
    expect(box).toHaveValue('again');
    expect(screen.getByRole('button', { name: chatText.send })).toBeEnabled();
  });

  it('a send that never comes back (socket down) fails after 5 s and gives the text back', async () => {
    chatServer(() => page([]));
    renderChat();
    const box = await composer();
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'into the void' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('button', { name: chatText.sending })).toBeDisabled();
    act(() => vi.advanceTimersByTime(SEND_TIMEOUT_MS - 1));
    expect(screen.queryByText(refusalMessage('failed'))).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(refusalMessage('failed'))).toBeInTheDocument();
    expect(box).toHaveValue('into the void');
    expect(screen.getByRole('button', { name: chatText.send })).toBeEnabled();
  });

  it('sending the same draft again after no answer names the same post (clientId); an edit makes a new one', async () => {
    chatServer(() => page([]));
    renderChat();
    const box = await composer();
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'lost ack' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(SEND_TIMEOUT_MS));
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'lost ack!' } });
    act(() => vi.advanceTimersByTime(SEND_TIMEOUT_MS));
    fireEvent.keyDown(box, { key: 'Enter' });
    const ids = sentCalls(CHAT_EVENTS.send).map(([, body]) => (body as { clientId: string }).clientId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('a slow-mode refusal counts down to when posting is allowed again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    chatServer(() => page([]));
    const { user } = renderChat();
    const box = await composer();
    await user.type(box, 'fast{Enter}');
    await refuse(CHAT_EVENTS.send, 'slow_mode', Date.now() + 12_000);
    expect(await screen.findByText(chatMessages.slowModeCountdown(12))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: chatText.send })).toBeDisabled();
  });

  it('banned: the composer is disabled with a countdown that ticks each second; votes and replies too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    chatServer(() => page([chatMessage(1, T0)]));
    renderChat();
    const box = await composer();
    chat({ type: 'ban', ban_exp_at: Math.floor(Date.now() / 1000) + 300, reason: 'spam' });

    // The reason the moderator gave reaches the banned user, beside the countdown.
    expect(
      await screen.findByText(`${chatMessages.banCountdown('5:00')} ${chatText.banReasonShown('spam')}`),
    ).toBeInTheDocument();
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: chatText.upvote })).toBeDisabled();
    expect(screen.getByRole('button', { name: chatText.replyTo(ANN.name) })).toBeDisabled();
    act(() => vi.setSystemTime(Date.now() + 1000));
    expect(
      await screen.findByText(`${chatMessages.banCountdown('4:59')} ${chatText.banReasonShown('spam')}`),
    ).toBeInTheDocument();

    chat({ type: 'ban', ban_exp_at: null, reason: '' });
    await waitFor(() => expect(box).toBeEnabled());
  });

  it('a ban ends by itself when its time comes: the composer, votes and replies come back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    chatServer(() => page([chatMessage(1, T0)]));
    renderChat();
    const box = await composer();
    chat({ type: 'ban', ban_exp_at: Math.floor(Date.now() / 1000) + 60, reason: 'cooling off' });
    expect(
      await screen.findByText(
        `${chatMessages.banCountdown('1:00')} ${chatText.banReasonShown('cooling off')}`,
      ),
    ).toBeInTheDocument();
    expect(box).toBeDisabled();

    act(() => vi.setSystemTime(Date.now() + 61_000));
    await waitFor(() => expect(box).toBeEnabled(), { timeout: 2500 });
    expect(screen.queryByText(/^Banned/)).toBeNull();
    expect(screen.getByRole('button', { name: chatText.upvote })).toBeEnabled();
  });

  it('a ban in the profile holds from the start', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const profile = { role: 'trader' as const, image: null, chat_notification: true };
    const banExpAt = Math.floor(Date.now() / 1000) + 90;
    chatServer(() => page([]), { profile: { ...profile, ban_exp_at: banExpAt } }, { ban_reason: 'spam' });
    renderChat();
    // After a reload the reason comes with the profile: no live `ban` event was heard.
    expect(
      await screen.findByText(`${chatMessages.banCountdown('1:30')} ${chatText.banReasonShown('spam')}`),
    ).toBeInTheDocument();
    expect(await composer()).toBeDisabled();
  });

  it('read-only when the admin disabled the trader’s chat', async () => {
    chatServer(() => page([chatMessage(1, T0)]), { chat: 0 });
    renderChat();
    expect(await screen.findByText(refusalMessage('chat_disabled'))).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: chatText.composer })).toBeNull();
    expect(await screen.findByRole('button', { name: chatText.upvote })).toBeDisabled();
  });
});
