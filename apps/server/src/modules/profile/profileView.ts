import type { ProfileResponse } from '@tapeline/core';
import type { UserRow } from '../../platform/db/schema.ts';

/** GET/POST /api/profile: the Profile tab's fields (spec §2), never email or hashes. */
export function toProfileView(row: UserRow): ProfileResponse {
  return {
    username: row.username,
    role: row.role,
    chat: row.chat,
    vibe: row.vibe,
    cur_posts: row.curPosts,
    tot_posts: row.totPosts,
    service1yr: row.service1yr,
    vip: row.vip,
    image: row.profileImage,
    chat_notification: row.chatNotification,
    ban_exp_at: row.banExpAt ? Math.floor(row.banExpAt.getTime() / 1000) : null,
  };
}
