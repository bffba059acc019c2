import { PROTOCOL_VERSION } from '@tapeline/core';
import { z } from 'zod';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Log } from '../../platform/log.ts';

/** Every node hears every revocation: each closes its own bot sockets of that key (or user). */
export const API_KEY_REVOKED_TOPIC = 'apikeys:revoked';

/** One key (`keyId`: the row's id) or every key of a user (`keyId: null`). */
export interface KeyRevocation {
  userId: string;
  keyId: string | null;
}

const messageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  userId: z.string(),
  keyId: z.string().nullable(),
});

export async function publishKeyRevocation(bus: Bus, revocation: KeyRevocation): Promise<void> {
  await bus.publish(API_KEY_REVOKED_TOPIC, JSON.stringify({ v: PROTOCOL_VERSION, ...revocation }));
}

/** Calls `listener` for each revocation any node publishes; returns the unsubscribe. */
export async function onKeyRevocation(
  bus: Bus,
  log: Log,
  listener: (revocation: KeyRevocation) => void,
): Promise<() => Promise<void>> {
  return bus.subscribe(API_KEY_REVOKED_TOPIC, (payload) => {
    let parsed: z.infer<typeof messageSchema>;
    try {
      parsed = messageSchema.parse(JSON.parse(payload.toString()));
    } catch {
      log.warn('API key revocation of another shape or protocol ignored');
      return;
    }
    listener({ userId: parsed.userId, keyId: parsed.keyId });
  });
}
