import { type Subscription, tierOf } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { guardSources } from '../../app.ts';
import { createAuthDeps } from '../../modules/auth/deps.ts';
import { seedSubscription, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { createGuards, enforce, type Principal, type Requirement } from './guards.ts';

const user = (overrides: Partial<UserRow> = {}) =>
  ({ id: 'u1', role: 'trader', emailVerified: true, ...overrides }) as UserRow;
const sub = (plan: string): Subscription => ({
  id: 's1',
  plan,
  amount: 0,
  status: 'active',
  ended_at: null,
  canceled_at: null,
});
const principal = (u: Partial<UserRow>, plan: string | null): Principal => {
  const subscription = plan ? sub(plan) : null;
  return { user: user(u), subscription, tier: tierOf(subscription) };
};

/** The error code a requirement produces, or 'ok'. */
function outcome(p: Principal, need: Requirement): string {
  try {
    enforce(p, need);
    return 'ok';
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.code}` : 'threw';
  }
}

describe('enforce', () => {
  it.each<[string, Partial<UserRow>, string | null, Requirement, string]>([
    ['anyone signed in', {}, null, {}, 'ok'],
    [
      'unverified, verified needed',
      { emailVerified: false },
      null,
      { verified: true },
      '403 email_unverified',
    ],
    [
      'unverified subscriber',
      { emailVerified: false },
      'pro',
      { subscriber: true },
      '403 subscription_required',
    ],
    ['no subscription', {}, null, { subscriber: true }, '403 subscription_required'],
    ['standard', {}, 'standard', { subscriber: true }, 'ok'],
    ['standard for Pro', {}, 'standard', { tier: 'pro' }, '403 upgrade_required'],
    ['no subscription for Pro', {}, null, { tier: 'pro' }, '403 subscription_required'],
    ['pro for Pro', {}, 'pro_annual', { tier: 'pro' }, 'ok'],
    ['old pro for Pro', {}, 'pro_old', { tier: 'pro' }, 'ok'],
    ['pro plus for Pro', {}, 'proplus', { tier: 'pro' }, 'ok'],
    ['pro for Pro Plus', {}, 'pro', { tier: 'proplus' }, '403 upgrade_required'],
    ['old pro for Pro Plus', {}, 'pro_old', { tier: 'proplus' }, '403 upgrade_required'],
    ['pro plus for Pro Plus', {}, 'proplus_semiannual', { tier: 'proplus' }, 'ok'],
    ['trader for mod', {}, 'proplus', { role: 'mod' }, '403 forbidden'],
    ['mod for mod', { role: 'mod' }, null, { role: 'mod' }, 'ok'],
    ['admin for mod', { role: 'admin' }, null, { role: 'mod' }, 'ok'],
    ['mod for admin', { role: 'mod' }, null, { role: 'admin' }, '403 forbidden'],
    ['admin for admin', { role: 'admin' }, null, { role: 'admin' }, 'ok'],
  ])('%s → %s', (_label, u, plan, need, expected) => {
    expect(outcome(principal(u, plan), need)).toBe(expected);
  });
});

describe('createGuards against the database', () => {
  const app = withApp({ mail: 'outbox' });

  it('forUserId (socket handlers) reads the same subscription the HTTP guards do', async () => {
    const guards = createGuards(guardSources(createAuthDeps(app.ctx)), () => app.ctx.clock.now().getTime());
    const { user: u } = await seedUser(app);
    await expect(guards.forUserId(u.id, { tier: 'pro' })).rejects.toMatchObject({
      code: 'subscription_required',
    });
    await seedSubscription(app, u.id, { plan: 'pro_old', status: 'trialing' });
    const p = await guards.forUserId(u.id, { tier: 'pro' });
    expect(p.tier).toBe('pro');
    await expect(guards.forUserId(u.id, { tier: 'proplus' })).rejects.toMatchObject({
      code: 'upgrade_required',
    });
    await expect(guards.forUserId('00000000-0000-4000-8000-000000000000', {})).rejects.toMatchObject({
      status: 401,
    });
  });

  it('a lapsed subscription counts as none', async () => {
    const guards = createGuards(guardSources(createAuthDeps(app.ctx)), () => app.ctx.clock.now().getTime());
    const { user: u } = await seedUser(app);
    await seedSubscription(app, u.id, { plan: 'proplus', status: 'active', endedAt: app.clock.now() });
    expect((await guards.forUserId(u.id, {})).tier).toBe('none');
  });
});
