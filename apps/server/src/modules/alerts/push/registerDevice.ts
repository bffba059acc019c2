import { ECDH } from 'node:crypto';
import { type DEVICE_KINDS, pushMessages, pushSubscriptionSchema } from '@tapeline/core';
import type { z } from 'zod';
import { HttpError } from '../../../platform/http/errors.ts';
import type { ResolveAll } from '../webhooks/webhookTarget.ts';
import type { NewDevice, PushDevices } from './devices.ts';
import { checkPushEndpoint } from './endpoint.ts';

type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface DeviceCall {
  kind: DeviceKind;
  registrationId: string | null;
  endpoint: string | undefined;
}

export interface RegisterDeps {
  devices: PushDevices;
  allowInsecure: boolean;
  now: () => Date;
  /** How endpoint host names are resolved at save (tests inject one; the system's by default). */
  lookup?: ResolveAll;
}

const invalid = (message: string = pushMessages.invalidSubscription) =>
  new HttpError(400, 'bad_request', message);

/** A P-256 public point, uncompressed (65 bytes), that is on the curve: web-push encrypts to it. */
function isP256Point(base64url: string): boolean {
  const bytes = Buffer.from(base64url, 'base64url');
  if (
    bytes.length !== 65 ||
    bytes[0] !== 0x04 ||
    bytes.toString('base64url') !== base64url.replace(/=+$/, '')
  ) {
    return false;
  }
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The PushSubscription a browser sent as `registration_id` (its JSON), checked as a browser makes them. */
async function webPushDevice(registrationId: string, deps: RegisterDeps): Promise<NewDevice> {
  let json: unknown;
  try {
    json = JSON.parse(registrationId);
  } catch {
    throw invalid();
  }
  const parsed = pushSubscriptionSchema.safeParse(json);
  if (!parsed.success) throw invalid();
  const sub: z.infer<typeof pushSubscriptionSchema> = parsed.data;
  if (!isP256Point(sub.keys.p256dh) || Buffer.from(sub.keys.auth, 'base64url').length !== 16) throw invalid();
  const allowed = await checkPushEndpoint(sub.endpoint, {
    allowInsecure: deps.allowInsecure,
    lookup: deps.lookup,
  });
  if (!allowed) throw invalid(pushMessages.insecureEndpoint);
  return { kind: 'webpush', endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
}

/** APNs tokens are hex, FCM tokens URL-safe base64 with `:`; nothing else is a token. */
const NATIVE_TOKEN = /^[A-Za-z0-9_:.-]+$/;

/**
 * POST /api/alerts/device/{id} (dashboard spec §7): registers this browser (`webpush`, the
 * PushSubscription's JSON) or a native app's token (`apn`, `fcm`: kept, not delivered to — no
 * native app exists); `registration_id: null` with `endpoint` removes the caller's own.
 */
export async function registerDevice(userId: string, call: DeviceCall, deps: RegisterDeps): Promise<void> {
  if (call.registrationId === null) {
    if (!call.endpoint) throw invalid(pushMessages.removalNeedsEndpoint);
    await deps.devices.remove(userId, call.kind, call.endpoint);
    return;
  }
  if (call.kind === 'webpush') {
    await deps.devices.register(userId, await webPushDevice(call.registrationId, deps), deps.now());
    return;
  }
  if (!NATIVE_TOKEN.test(call.registrationId)) throw invalid();
  await deps.devices.register(
    userId,
    { kind: call.kind, endpoint: call.registrationId, p256dh: null, auth: null },
    deps.now(),
  );
}
