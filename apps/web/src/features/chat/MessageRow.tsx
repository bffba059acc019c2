import type { ChatMessage, ChatUser, ChatVoteValue } from '@tapeline/core';
import { memo, useId, useMemo, useState } from 'react';
import { safeContent } from './chatHtml.ts';
import { isTallMessage, nextVote } from './chatRules.ts';
import { chatText } from './chatText.ts';
import { messageTime } from './chatTime.ts';
import { ModMenu } from './ModMenu.tsx';

export interface RowActions {
  /** Votes and replies are refused while banned or read-only (spec §4, §6). */
  canAct: boolean;
  canModerate: boolean;
  onReply(message: ChatMessage): void;
  onVote(message: ChatMessage, value: ChatVoteValue): void;
  onDelete(message: ChatMessage): void;
  onBan(user: ChatUser, minutes: number, reason: string): void;
}

function Badges({ badges }: { badges: ChatUser['badges'] }) {
  return (
    <>
      {badges.modadmin && (
        <span className="chat-badge chat-badge--mod" title={chatText.badges.modadmin}>
          MOD
        </span>
      )}
      {badges.vip && (
        <span className="chat-badge chat-badge--vip" title={chatText.badges.vip}>
          VIP
        </span>
      )}
      {badges.service1yr && (
        <span className="chat-badge chat-badge--year" title={chatText.badges.service1yr}>
          1Y
        </span>
      )}
    </>
  );
}

/** Server HTML, sanitized again here; set as HTML only after DOMPurify (chatHtml.ts). */
function Content({ html, className, id }: { html: string; className: string; id?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by safeContent (DOMPurify allowlist) just before.
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The message's content; a tall one (many lines or much text: `isTallMessage`) shows collapsed
 * to a few lines with a "Show more" that opens it, so one paste cannot bury a channel.
 */
function MessageContent({ html }: { html: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!isTallMessage(html)) return <Content className="chat-msg__content" html={html} />;
  return (
    <>
      <Content
        id={id}
        className={`chat-msg__content${open ? '' : ' chat-msg__content--collapsed'}`}
        html={html}
      />
      <button
        type="button"
        className="chat-msg__more"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? chatText.showLess : chatText.showMore}
      </button>
    </>
  );
}

/** One message: author, badges, time, the reply it quotes, content, votes, reply and moderation. */
export const MessageRow = memo(function MessageRow({
  message,
  meId,
  myName,
  now,
  zone,
  actions,
}: {
  message: ChatMessage;
  meId: string;
  myName: string | null;
  now: number;
  zone: string;
  actions: RowActions;
}) {
  const content = useMemo(() => safeContent(message.content, myName), [message.content, myName]);
  const quoted = useMemo(
    () => (message.reply ? safeContent(message.reply.content, myName) : null),
    [message.reply, myName],
  );
  const own = message.user.id === meId;
  const vote = (clicked: 1 | -1) => actions.onVote(message, nextVote(message.me_vote, clicked));
  return (
    <li
      className={`chat-msg${own ? ' chat-msg--own' : ''}${content.mentionsMe ? ' chat-msg--mentions-me' : ''}`}
      data-id={message.id}
    >
      {content.mentionsMe && <span className="visually-hidden">{chatText.mentionsYou}</span>}
      <div className="chat-msg__head">
        {message.user.avatar ? (
          <img className="chat-msg__avatar" src={message.user.avatar} alt="" width={20} height={20} />
        ) : (
          <span className="chat-msg__avatar chat-msg__avatar--none" aria-hidden="true">
            {message.user.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="chat-msg__name">{message.user.name}</span>
        <Badges badges={message.user.badges} />
        <time className="chat-msg__time" dateTime={new Date(message.created_at).toISOString()}>
          {messageTime(message.created_at, now, zone)}
        </time>
        {actions.canModerate && (
          <ModMenu message={message} onDelete={actions.onDelete} onBan={actions.onBan} />
        )}
      </div>
      {message.reply && quoted && (
        <blockquote className="chat-msg__quote">
          <span className="chat-msg__quote-name">{message.reply.user.name}</span>
          <Content className="chat-msg__quote-content" html={quoted.html} />
        </blockquote>
      )}
      <MessageContent html={content.html} />
      <div className="chat-msg__actions">
        {!own && (
          <>
            <button
              type="button"
              className="chat-vote"
              aria-label={chatText.upvote}
              aria-pressed={message.me_vote === 1}
              disabled={!actions.canAct}
              onClick={() => vote(1)}
            >
              ▲
            </button>
            <button
              type="button"
              className="chat-vote"
              aria-label={chatText.downvote}
              aria-pressed={message.me_vote === -1}
              disabled={!actions.canAct}
              onClick={() => vote(-1)}
            >
              ▼
            </button>
          </>
        )}
        <span className="chat-msg__score" title={chatText.score}>
          {message.vote}
        </span>
        <button
          type="button"
          className="chat-msg__reply"
          aria-label={chatText.replyTo(message.user.name)}
          disabled={!actions.canAct}
          onClick={() => actions.onReply(message)}
        >
          {chatText.reply}
        </button>
      </div>
    </li>
  );
});
