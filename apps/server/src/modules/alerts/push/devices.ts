import { PUSH_DEVICES_MAX } from '@tapeline/core';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { type PushDeviceRow, pushDevices } from '../../../platform/db/schema.ts';

type DeviceKind = PushDeviceRow['kind'];

export interface NewDevice {
  kind: DeviceKind;
  /** The push service endpoint, or the native token. */
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
}

/** The push_devices table, the only place that reads or writes it. */
export function createPushDevices(db: Db) {
  return {
    /**
     * Registers a browser or device for `userId`. One browser is one row (kind + endpoint): when
     * it registers again under another account (a new sign-in on the same browser) the row moves
     * to that account, so the previous one's alerts stop reaching it. Registering counts as the
     * newest; beyond PUSH_DEVICES_MAX the user's oldest are dropped.
     */
    async register(userId: string, device: NewDevice, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(pushDevices)
          .values({ userId, ...device, createdAt: now })
          .onConflictDoUpdate({
            target: [pushDevices.kind, pushDevices.endpoint],
            set: { userId, p256dh: device.p256dh, auth: device.auth, createdAt: now },
          });
        const keep = tx
          .select({ id: pushDevices.id })
          .from(pushDevices)
          .where(eq(pushDevices.userId, userId))
          .orderBy(desc(pushDevices.createdAt), desc(pushDevices.id))
          .limit(PUSH_DEVICES_MAX);
        await tx
          .delete(pushDevices)
          .where(and(eq(pushDevices.userId, userId), notInArray(pushDevices.id, keep)));
      });
    },

    /** Removes the caller's own registration; someone else's endpoint is left alone (no-op). */
    async remove(userId: string, kind: DeviceKind, endpoint: string): Promise<void> {
      await db
        .delete(pushDevices)
        .where(
          and(eq(pushDevices.userId, userId), eq(pushDevices.kind, kind), eq(pushDevices.endpoint, endpoint)),
        );
    },

    /** A push service said the subscription is gone (404/410). */
    async delete(id: string): Promise<void> {
      await db.delete(pushDevices).where(eq(pushDevices.id, id));
    },

    async find(id: string): Promise<PushDeviceRow | null> {
      const [row] = await db.select().from(pushDevices).where(eq(pushDevices.id, id)).limit(1);
      return row ?? null;
    },

    async ofUser(userId: string): Promise<PushDeviceRow[]> {
      return db
        .select()
        .from(pushDevices)
        .where(eq(pushDevices.userId, userId))
        .orderBy(desc(pushDevices.createdAt));
    },
  };
}

export type PushDevices = ReturnType<typeof createPushDevices>;
