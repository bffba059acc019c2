import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type EmailTokenRow, emailTokens } from '../../platform/db/schema.ts';

export type EmailTokenKind = EmailTokenRow['kind'];

export function createEmailTokensRepository(db: Db) {
  return {
    async insert(values: {
      userId: string;
      kind: EmailTokenKind;
      tokenHash: string;
      email: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(emailTokens).values(values);
    },
    async findByHash(kind: EmailTokenKind, tokenHash: string): Promise<EmailTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.kind, kind), eq(emailTokens.tokenHash, tokenHash)))
        .limit(1);
      return row;
    },
    /** Marks one token used; false when another request used it first (single use under races). */
    async markUsed(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length === 1;
    },
    /** Retires every outstanding token of a kind, e.g. all reset links once the password changed. */
    async retireAll(userId: string, kind: EmailTokenKind, at: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;
