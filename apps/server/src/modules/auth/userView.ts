import type { traderFiguresShape, User } from '@tapeline/core';
import type { Db } from '../../platform/db/client.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { type BillingView, loadBillingView } from '../billing/currentBilling.ts';

const NO_BILLING: BillingView = { subscription: null, customer: null };

/** What other traders may see of a trader (core `traderFiguresShape`). */
export function toTraderFigures(row: UserRow): Pick<User, keyof typeof traderFiguresShape> {
  return {
    username: row.username,
    role: row.role,
    chat: row.chat,
    vibe: row.vibe,
    cur_posts: row.curPosts,
    tot_posts: row.totPosts,
    service1yr: row.service1yr,
    vip: row.vip,
  };
}

/** The user's `profile` object (spec §3), also the tail of the Profile tab's answer. */
export function toProfileFields(row: UserRow): User['profile'] {
  return {
    role: row.role,
    image: row.profileImage,
    chat_notification: row.chatNotification,
    ban_exp_at: row.banExpAt ? Math.floor(row.banExpAt.getTime() / 1000) : null,
  };
}

/** The user as the API shows it (spec §3): never a hash, with subscription and card. */
export function toUserView(row: UserRow, billing: BillingView = NO_BILLING): User {
  return {
    id: row.id,
    email: row.email,
    email_verified: row.emailVerified,
    pending_email: row.pendingEmail,
    ...toTraderFigures(row),
    subscription: billing.subscription,
    customer: billing.customer,
    profile: toProfileFields(row),
  };
}

export async function presentUser(db: Db, row: UserRow): Promise<User> {
  return toUserView(row, await loadBillingView(db, row.id));
}
