import { randomBytes } from 'node:crypto';
import { createSessionsRepository } from '../modules/auth/sessionsRepository.ts';
import { createUsersRepository, type NewUser } from '../modules/auth/usersRepository.ts';
import type { AccessTokens } from '../platform/auth/accessTokens.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/client.ts';
import { type SubscriptionRow, subscriptions, type UserRow } from '../platform/db/schema.ts';

/**
 * What seeding needs of a server: its database, its token issuer and its clock. A TestApp has
 * them; so does a test that seeds the database of a server it spawned (with that server's secret).
 */
export interface SeedTarget {
  ctx: { database: Pick<Database, 'db'>; tokens: AccessTokens; config: Pick<Config, 'jwtTtlMs'> };
  clock: Pick<Clock, 'now'>;
}

let sequence = 0;

export function uniqueEmail(label = 'trader'): string {
  sequence += 1;
  return `${label}.${sequence}.${Date.now().toString(36)}@example.com`;
}

export interface SeededUser {
  user: UserRow;
  email: string;
  password: string;
  token: string;
}

/** A user written straight to the database (verified unless overridden), with a live token. */
export async function seedUser(
  app: SeedTarget,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<SeededUser> {
  const { password = 'correct horse battery', ...fields } = overrides;
  const email = fields.email ?? uniqueEmail();
  const user = await createUsersRepository(app.ctx.database.db).insert({
    emailVerified: true,
    passwordHash: await hashPassword(password),
    signedUpAt: new Date(app.clock.now()),
    ...fields,
    email,
  });
  const token = await issueTestToken(app, user);
  return { user, email, password, token };
}

/** A live access token for a user: a `sessions` row and the JWT naming it, as a login makes. */
export async function issueTestToken(app: SeedTarget, user: UserRow): Promise<string> {
  const session = await createSessionsRepository(app.ctx.database.db).create(
    user.id,
    new Date(app.clock.now()),
    app.ctx.config.jwtTtlMs,
  );
  return app.ctx.tokens.issue({ userId: user.id, sessionId: session.id, tokenVersion: user.tokenVersion });
}

/** A subscription row written straight to the database (active Pro monthly unless overridden). */
export async function seedSubscription(
  app: SeedTarget,
  userId: string,
  overrides: Partial<typeof subscriptions.$inferInsert> = {},
): Promise<SubscriptionRow> {
  const now = new Date(app.clock.now());
  const [row] = await app.ctx.database.db
    .insert(subscriptions)
    .values({
      id: `sub_seed_${randomBytes(6).toString('hex')}`,
      userId,
      provider: 'local',
      plan: 'pro',
      amount: 5900,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

/** A verified user with an active subscription on `plan`, and a live token. */
export async function seedSubscriber(app: SeedTarget, plan = 'pro'): Promise<SeededUser> {
  const seeded = await seedUser(app);
  await seedSubscription(app, seeded.user.id, { plan });
  return seeded;
}

/** The authorization matrix's columns: who calls, from a visitor to an admin. */
export const PERSONAS = [
  'anonymous',
  'unverified',
  'verified',
  'standard',
  'pro',
  'pro_old',
  'proplus',
  'mod',
  'admin',
] as const;
export type Persona = (typeof PERSONAS)[number];

const PERSONA_PLAN: Partial<Record<Persona, string>> = {
  standard: 'standard',
  pro: 'pro',
  pro_old: 'pro_old',
  proplus: 'proplus',
};

/**
 * A user for one persona, null for the visitor. Plans are rows inserted straight into
 * `subscriptions` (active); mod and admin have no subscription, so their columns show what the
 * role alone opens. Unverified has no subscription either (it would not count).
 */
export async function seedPersona(app: SeedTarget, persona: Persona): Promise<SeededUser | null> {
  if (persona === 'anonymous') return null;
  const seeded = await seedUser(app, {
    emailVerified: persona !== 'unverified',
    role: persona === 'admin' || persona === 'mod' ? persona : 'trader',
  });
  const plan = PERSONA_PLAN[persona];
  if (plan) await seedSubscription(app, seeded.user.id, { plan, status: 'active' });
  return seeded;
}
