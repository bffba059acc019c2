import { isActive } from '@tapeline/core';
import type { Db } from '../../platform/db/client.ts';
import type { SubscriptionRow, UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { findCurrentSubscription, toSubscriptionView } from '../billing/currentBilling.ts';
import type { AuthDeps } from './deps.ts';
import { authenticateSession } from './session.ts';

export type Subscriber = UserRow & { subscription: SubscriptionRow; sessionId: string };

/** The subscription that lets this user use the dashboard (redirect rule 4), if any. */
export async function dashboardSubscription(db: Db, user: UserRow): Promise<SubscriptionRow | null> {
  if (!user.emailVerified) return null;
  const subscription = await findCurrentSubscription(db, user.id);
  // The predicates read the API shape (ended_at), not the row's camelCase fields.
  return subscription && isActive(toSubscriptionView(subscription)) ? subscription : null;
}

/** A verified user with an active subscription, from the request's bearer token. */
export async function authenticateSubscriber(
  deps: AuthDeps,
  authorization: string | undefined,
): Promise<Subscriber> {
  const { user, sessionId } = await authenticateSession(deps, authorization);
  const subscription = await dashboardSubscription(deps.ctx.database.db, user);
  if (!subscription) throw new HttpError(403, 'subscription_required', 'An active subscription is required');
  return { ...user, subscription, sessionId };
}
