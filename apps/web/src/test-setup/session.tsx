import { type Subscription, type User, userSchema } from '@tapeline/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { SessionProvider, type SessionState, useSession } from '../app/session.tsx';
import { TOKEN_KEY } from '../lib/storageKeys.ts';
import { type FakeApi, ok } from './fakeApi.ts';

const USER_ID = '0b6f5c8e-2f35-4d0e-9a57-6f1f4d2c9a10';

/** A subscription of the given plan, active, as the API sends it. */
export function subscription(plan: string, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    plan,
    amount: 5900,
    status: 'active',
    ended_at: null,
    canceled_at: null,
    cancel_at: null,
    ...overrides,
  };
}

/** A verified trader without a subscription, unless told otherwise. */
export function userFixture(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: USER_ID,
    email: 'trader@example.com',
    email_verified: true,
    pending_email: null,
    username: 'tapereader',
    role: 'trader',
    chat: 1,
    vibe: 0,
    cur_posts: 0,
    tot_posts: 0,
    service1yr: false,
    vip: false,
    subscription: null,
    customer: null,
    profile: { role: 'trader', image: null, chat_notification: true, ban_exp_at: null },
    ...overrides,
  });
}

/**
 * A stored session the API confirms: a live token in localStorage (as 'Keep me signed in'
 * leaves it) and GET /api/auth/user answering the user.
 */
export function signedIn(api: FakeApi, overrides: Partial<User> = {}): User {
  const user = userFixture(overrides);
  // The client reads only the payload's `exp`; the server, which checks the rest, is faked.
  const payload = btoa(JSON.stringify({ sub: user.id, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(TOKEN_KEY, `e30.${payload.replace(/=+$/, '')}.signature`);
  api.on('GET /api/auth/user', ok(z.object({ user: userSchema }), { user }));
  return user;
}

/** Renders its children once the session is settled, as the RouteGate does for the app. */
function Settled({ children, until }: { children: ReactNode; until: SessionState['status'] }) {
  const { state } = useSession();
  return state.status === until ? children : null;
}

/** For renderUi's `wrap`: the real session provider, children shown once signed in. */
export const withSession = (children: ReactNode) => (
  <SessionProvider>
    <Settled until="authenticated">{children}</Settled>
  </SessionProvider>
);

/** For renderUi's `wrap`: the real session provider for signed-out pages. */
export const withoutSession = (children: ReactNode) => <SessionProvider>{children}</SessionProvider>;
