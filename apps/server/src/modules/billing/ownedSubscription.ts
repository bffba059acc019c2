import type { AppContext } from '../../platform/context.ts';
import type { SubscriptionRow, UserRow } from '../../platform/db/schema.ts';
import { noSuchSubscription } from './errors.ts';
import { findOwnedSubscription } from './repository.ts';

/** The caller's own subscription by id; someone else's id is "no such", never "forbidden". */
export async function ownedSubscription(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<SubscriptionRow> {
  const sub = await findOwnedSubscription(ctx.database.db, id, user.id);
  if (!sub) throw noSuchSubscription(id);
  return sub;
}
