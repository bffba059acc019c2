import {
  type ChatMessage,
  type ChatUser,
  type ChatVoteValue,
  modAdminBadge,
  serviceOneYear,
} from '@tapeline/core';
import type { ChatMessageRow } from '../../platform/db/schema.ts';
import type { AuthorRow, ChatRepository } from './repository.ts';

// Messages as the API and the socket serve them (core chatMessageSchema): author views with
// badges computed now, the replied-to message, the reader's own vote.

/** An author no longer there (account deleted between reads): shown, never a crash. */
const GONE: ChatUser = {
  id: '',
  name: 'deleted',
  avatar: null,
  badges: { service1yr: false, vip: false, modadmin: false },
};

export function toChatUser(author: AuthorRow | undefined, now: number): ChatUser {
  if (!author) return GONE;
  return {
    id: author.id,
    name: author.username ?? 'trader',
    avatar: author.profileImage,
    badges: {
      service1yr: serviceOneYear(author.subscribedSince?.getTime() ?? null, now),
      vip: author.vip,
      modadmin: modAdminBadge(author.role),
    },
  };
}

const asVote = (value: number | undefined): ChatVoteValue => (value === 1 ? 1 : value === -1 ? -1 : 0);

/** Views of `rows` for `readerId` (null: a broadcast, me_vote 0), in the rows' order. */
export async function viewMessages(
  repository: ChatRepository,
  rows: readonly ChatMessageRow[],
  readerId: string | null,
  now: number,
  /** Authors the caller already read (the poster, on a send): not read again. */
  known: ReadonlyMap<string, AuthorRow> = new Map(),
): Promise<ChatMessage[]> {
  const replyIds = rows.flatMap((r) => (r.replyTo === null ? [] : [r.replyTo]));
  const replies = new Map((await repository.messages(replyIds)).map((r) => [r.id, r]));
  const wanted = [...rows.map((r) => r.userId), ...[...replies.values()].map((r) => r.userId)];
  const authors = new Map(known);
  for (const [id, author] of await repository.authors(wanted.filter((id) => !known.has(id))))
    authors.set(id, author);
  const mine = readerId
    ? await repository.myVotes(
        readerId,
        rows.map((r) => r.id),
      )
    : new Map<number, number>();
  return rows.map((row) => {
    const reply = row.replyTo === null ? undefined : replies.get(row.replyTo);
    return {
      id: row.id,
      channel_id: row.channelId,
      content: row.content,
      vote: row.vote,
      me_vote: asVote(mine.get(row.id)),
      created_at: row.createdAt.getTime(),
      reply: reply
        ? {
            id: reply.id,
            content: reply.content,
            created_at: reply.createdAt.getTime(),
            user: toChatUser(authors.get(reply.userId), now),
          }
        : null,
      user: toChatUser(authors.get(row.userId), now),
    };
  });
}
