import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { loginAddresses } from '../../platform/db/schema.ts';

/** Never the IP itself: a digest that only matches the same user from the same address. */
const digest = (userId: string, ip: string) => createHash('sha256').update(`${userId}|${ip}`).digest('hex');

/** Where an account has signed in successfully before (see schema.ts `loginAddresses`). */
export function createLoginAddressesRepository(db: Db) {
  return {
    async remember(userId: string, ip: string, at: Date): Promise<void> {
      await db
        .insert(loginAddresses)
        .values({ userId, addressHash: digest(userId, ip), lastSuccessAt: at })
        .onConflictDoUpdate({
          target: [loginAddresses.userId, loginAddresses.addressHash],
          set: { lastSuccessAt: sql`excluded.last_success_at` },
        });
    },
    async known(userId: string, ip: string): Promise<boolean> {
      const [row] = await db
        .select({ at: loginAddresses.lastSuccessAt })
        .from(loginAddresses)
        .where(and(eq(loginAddresses.userId, userId), eq(loginAddresses.addressHash, digest(userId, ip))))
        .limit(1);
      return !!row;
    },
  };
}

export type LoginAddressesRepository = ReturnType<typeof createLoginAddressesRepository>;
