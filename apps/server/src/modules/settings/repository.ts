import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { userSettings } from '../../platform/db/schema.ts';

/** The parts of a trader's settings, each saved on its own by its own route. */
export type SettingsPart = 'config' | 'discovery' | 'layout';

export interface StoredSettings {
  config: string | null;
  discovery: string | null;
  layout: string | null;
}

export function createSettingsRepository(db: Db) {
  return {
    async find(userId: string): Promise<StoredSettings> {
      const [row] = await db
        .select({
          config: userSettings.config,
          discovery: userSettings.discovery,
          layout: userSettings.layout,
        })
        .from(userSettings)
        .where(eq(userSettings.userId, userId));
      return row ?? { config: null, discovery: null, layout: null };
    },

    /** Writes one part and leaves the others as they are (one statement: safe under races). */
    async save(userId: string, part: SettingsPart, json: string, now: Date): Promise<void> {
      await db
        .insert(userSettings)
        .values({ userId, [part]: json, updatedAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { [part]: json, updatedAt: now } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
