import { createECDH, randomBytes } from 'node:crypto';
import { pushMessages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { answers } from '../webhooks/testing/resolveTable.ts';
import type { NewDevice, PushDevices } from './devices.ts';
import { registerDevice } from './registerDevice.ts';

// The save-time address check of a web push endpoint, as webhooks have it: names are resolved by
// an injected lookup, so no query leaves the machine.

const lookup = answers({
  'fcm.googleapis.com': ['142.250.74.10'],
  'push.loopback.example': ['127.0.0.1'],
  'push.mixed.example': ['142.250.74.10', '10.1.2.3'],
  'push.metadata.example': ['169.254.169.254'],
});

function subscription(endpoint: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
}

function saving() {
  const saved: NewDevice[] = [];
  const devices = {
    register: async (_userId: string, device: NewDevice) => {
      saved.push(device);
    },
    remove: async () => {},
  } as unknown as PushDevices;
  const save = (endpoint: string) =>
    registerDevice(
      'user-1',
      { kind: 'webpush', registrationId: subscription(endpoint), endpoint: undefined },
      { devices, allowInsecure: false, now: () => new Date(0), lookup },
    );
  return { saved, save };
}

describe('a web push endpoint at save', () => {
  it('is kept when every address of its host is public', async () => {
    const { saved, save } = saving();
    await save('https://fcm.googleapis.com/fcm/send/abc');
    expect(saved.map((d) => d.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/abc']);
  });

  it.each([
    ['a name that resolves to loopback', 'https://push.loopback.example/x'],
    ['a name with one private address among public ones', 'https://push.mixed.example/x'],
    ['a name that resolves to the metadata address', 'https://push.metadata.example/x'],
    ['a name that does not resolve', 'https://push.nowhere.example/x'],
    ['a loopback literal', 'https://127.0.0.1/x'],
  ])('refuses %s with the 400 and stores nothing', async (_what, endpoint) => {
    const { saved, save } = saving();
    await expect(save(endpoint)).rejects.toMatchObject({
      status: 400,
      code: 'bad_request',
      message: pushMessages.insecureEndpoint,
    });
    expect(saved).toEqual([]);
  });
});
