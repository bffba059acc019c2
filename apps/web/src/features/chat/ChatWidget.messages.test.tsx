import { CHAT_EVENTS } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../test-setup/fakeSocket.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { overlays } from '../symbols/index.ts';
import { ChatWidget } from './ChatWidget.tsx';
import { ANN, chatMessage, ME, ME_ID } from './chatFixtures.ts';
import { chatServer, page, resetSocket, sentCalls, v } from './chatTestKit.ts';
import { chatText } from './chatText.ts';

vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

const T0 = Date.now() - 60_000;
const renderChat = () => renderUi(<ChatWidget {...widgetProps('chat')} />, { wrap: withSession });
const row = async (id: number) => {
  await screen.findByRole('log', { name: chatText.list });
  const el = await waitFor(() => {
    const found = document.querySelector(`.chat-msg[data-id="${id}"]`);
    if (!(found instanceof HTMLElement)) throw new Error(`no message ${id}`);
    return found;
  });
  return el;
};
const chat = (event: Record<string, unknown>) => emit(CHAT_EVENTS.update, { v, ...event });

beforeEach(resetSocket);

describe('ChatWidget messages', () => {
  it('votes on others’ messages only; the same arrow again takes the vote back', async () => {
    chatServer(() => page([chatMessage(2, T0, { user: ME }), chatMessage(1, T0, { vote: 2 })]));
    const { user } = renderChat();
    const theirs = await row(1);
    const mine = await row(2);

    expect(within(mine).queryByRole('button', { name: chatText.upvote })).toBeNull();
    await user.click(within(theirs).getByRole('button', { name: chatText.upvote }));
    expect(sentCalls(CHAT_EVENTS.vote)).toEqual([[CHAT_EVENTS.vote, { v, id: 1, value: 1 }]]);

    chat({ type: 'vote', channel_id: 'general', id: 1, vote: 3, user_id: ME_ID, value: 1 });
    await waitFor(() => expect(within(theirs).getByTitle(chatText.score)).toHaveTextContent('3'));
    const up = within(theirs).getByRole('button', { name: chatText.upvote });
    expect(up).toHaveAttribute('aria-pressed', 'true');
    await user.click(up);
    expect(sentCalls(CHAT_EVENTS.vote).at(-1)).toEqual([CHAT_EVENTS.vote, { v, id: 1, value: 0 }]);
    await user.click(within(theirs).getByRole('button', { name: chatText.downvote }));
    expect(sentCalls(CHAT_EVENTS.vote).at(-1)).toEqual([CHAT_EVENTS.vote, { v, id: 1, value: -1 }]);
  });

  it('someone else’s vote changes the sum, not the trader’s arrow', async () => {
    chatServer(() => page([chatMessage(1, T0)]));
    renderChat();
    const theirs = await row(1);
    chat({ type: 'vote', channel_id: 'general', id: 1, vote: -1, user_id: ANN.id, value: -1 });
    await waitFor(() => expect(within(theirs).getByTitle(chatText.score)).toHaveTextContent('-1'));
    expect(within(theirs).getByRole('button', { name: chatText.downvote })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows badges, the quoted reply, and highlights a mention of the trader', async () => {
    const original = chatMessage(1, T0, { content: 'original' });
    chatServer(() =>
      page([
        chatMessage(2, T0, {
          content: 'ping <span class="mention" data-user="tapereader">@tapereader</span>',
          reply: { id: 1, content: 'original', created_at: T0, user: ANN },
        }),
        original,
      ]),
    );
    renderChat();
    const pinged = await row(2);
    expect(pinged).toHaveClass('chat-msg--mentions-me');
    expect(within(pinged).getByText(chatText.mentionsYou)).toHaveClass('visually-hidden');
    expect(pinged.querySelector('.mention--me')).toHaveTextContent('@tapereader');
    expect(pinged.querySelector('.chat-msg__quote')).toHaveTextContent('annieoriginal');
    expect(within(pinged).getByTitle(chatText.badges.vip)).toBeInTheDocument();
    expect(await row(1)).not.toHaveClass('chat-msg--mentions-me');
  });

  it('hostile HTML from the server is not rendered as markup', async () => {
    chatServer(() =>
      page([
        chatMessage(1, T0, {
          content:
            '<img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">x</a><script>window.__xss=1</script>',
        }),
      ]),
    );
    renderChat();
    const hostile = await row(1);
    expect(hostile.querySelector('img, script')).toBeNull();
    expect(hostile.querySelector('a')?.getAttribute('href')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('a moderator deletes a message (after confirming) and bans its author from the menu', async () => {
    chatServer(() => page([chatMessage(1, T0)]), { role: 'mod' });
    const { user } = renderChat();
    const message = await row(1);

    await user.click(within(message).getByRole('button', { name: chatText.moderation(ANN.name) }));
    await user.click(screen.getByRole('menuitem', { name: chatText.deleteMessage }));
    // Asked first: Cancel deletes nothing, Delete sends it.
    let confirm = await screen.findByRole('dialog', { name: chatText.deleteConfirm(ANN.name) });
    await user.click(within(confirm).getByRole('button', { name: chatText.cancel }));
    expect(sentCalls(CHAT_EVENTS.delete)).toEqual([]);
    await user.click(within(message).getByRole('button', { name: chatText.moderation(ANN.name) }));
    await user.click(screen.getByRole('menuitem', { name: chatText.deleteMessage }));
    confirm = await screen.findByRole('dialog', { name: chatText.deleteConfirm(ANN.name) });
    await user.click(within(confirm).getByRole('button', { name: chatText.deleteAction }));
    expect(sentCalls(CHAT_EVENTS.delete)).toEqual([[CHAT_EVENTS.delete, { v, id: 1 }]]);

    await user.click(within(message).getByRole('button', { name: chatText.moderation(ANN.name) }));
    await user.click(screen.getByRole('menuitem', { name: chatText.banUser(ANN.name) }));
    const dialog = await screen.findByRole('dialog', { name: chatText.banTitle(ANN.name) });
    await user.selectOptions(within(dialog).getByLabelText(chatText.banFor), chatText.banPreset(60));
    await user.type(within(dialog).getByLabelText(chatText.banReason), 'spam');
    await user.click(within(dialog).getByRole('button', { name: chatText.ban }));
    await waitFor(() =>
      expect(sentCalls(CHAT_EVENTS.ban)).toEqual([
        [CHAT_EVENTS.ban, { v, user_id: ANN.id, minutes: 60, reason: 'spam' }],
      ]),
    );

    chat({ type: 'delete', channel_id: 'general', id: 1 });
    await waitFor(() => expect(document.querySelector('.chat-msg[data-id="1"]')).toBeNull());
  });

  it('a trader sees no moderation menu and no slow-mode picker', async () => {
    chatServer(() => page([chatMessage(1, T0)]));
    renderChat();
    const message = await row(1);
    expect(within(message).queryByRole('button', { name: chatText.moderation(ANN.name) })).toBeNull();
    expect(screen.queryByRole('combobox', { name: chatText.slowMode })).toBeNull();
  });

  it('a moderator sets the channel’s slow mode; the change comes back as an event', async () => {
    chatServer(() => page([]), { role: 'admin' });
    const { user } = renderChat();
    const picker = await screen.findByRole('combobox', { name: chatText.slowMode });
    expect(picker).toHaveValue('0');
    await user.selectOptions(picker, chatText.slowModeSeconds(30));
    expect(sentCalls(CHAT_EVENTS.slowMode)).toEqual([
      [CHAT_EVENTS.slowMode, { v, channel: 'general', seconds: 30 }],
    ]);
    chat({ type: 'slow_mode', channel_id: 'general', seconds: 30 });
    await waitFor(() => expect(picker).toHaveValue('30'));
  });

  it('a $SYMBOL in a message opens the symbol menu', async () => {
    const open = vi.spyOn(overlays, 'openMenu').mockImplementation(() => {});
    chatServer(() =>
      page([chatMessage(1, T0, { content: 'long <span class="symbol" data-symbol="AMD">$AMD</span>' })]),
    );
    const { user } = renderChat();
    const message = await row(1);
    const symbol = message.querySelector('.symbol');
    if (!(symbol instanceof HTMLElement)) throw new Error('no symbol');
    await user.click(symbol);
    expect(open).toHaveBeenCalledWith('AMD', expect.any(Object), symbol);
    open.mockRestore();
  });
});
