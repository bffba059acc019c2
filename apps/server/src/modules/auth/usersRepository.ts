import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  billingCustomers,
  invoices,
  subscriptions,
  type UserRow,
  userSettings,
  users,
} from '../../platform/db/schema.ts';

/** True when any billing or settings row names the user. */
const historyOf = (id: string): SQL => sql`(
  exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${id})
  or exists (select 1 from ${invoices} where ${invoices.userId} = ${id})
  or exists (select 1 from ${billingCustomers} where ${billingCustomers.userId} = ${id})
  or exists (select 1 from ${userSettings} where ${userSettings.userId} = ${id}))`;

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row;
    },
    async insert(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, patch: UserPatch): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished during update`);
      return row;
    },
    async remove(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
    /** Whether the account ever held a subscription, a card, invoices or settings. */
    async hasHistory(id: string): Promise<boolean> {
      const [row] = await db
        .select({ used: sql<boolean>`${historyOf(id)}` })
        .from(users)
        .where(eq(users.id, id));
      return row?.used === true;
    },
    /**
     * Deletes a signup that was never verified, never linked to Google and never paid, in one
     * statement so nothing can be added between the check and the delete; false when it was not
     * such a signup (and is kept).
     */
    async removeAbandonedSignup(id: string): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(
          and(
            eq(users.id, id),
            eq(users.emailVerified, false),
            isNull(users.googleSub),
            sql`not ${historyOf(id)}`,
          ),
        )
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
