import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { ConfigError } from './configError.ts';
import type { Env } from './envSchema.ts';

// Web push (VAPID) settings, read from the parsed environment once (config.ts). Unset keys are
// generated into DATA_DIR/secrets on first use (modules/alerts/push/vapidKeys.ts).

const base64url = (bytes: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes, {
      message: `must be ${bytes} bytes in URL-safe base64 without padding`,
    });

/** Spread into config.ts's envSchema. */
export const pushEnvShape = {
  /** The application server key browsers subscribe with (P-256 public point, 65 bytes). */
  VAPID_PUBLIC_KEY: base64url(65).optional(),
  VAPID_PRIVATE_KEY: base64url(32).optional(),
  /** The contact push services see in the VAPID JWT: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine((value) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value), {
      message: 'must be a mailto: address or an https:// URL',
    })
    .optional(),
  /**
   * Tests only: accept http:// push endpoints and private hosts (the loopback push service).
   * Refused in production: a subscription would otherwise be a way to make the server call
   * into its own network.
   */
  PUSH_ALLOW_INSECURE: z.enum(['true', 'false']).default('false'),
};

export interface PushConfig {
  /** From the environment, or null: generated once into DATA_DIR/secrets and reused. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  subject: string;
  allowInsecure: boolean;
}

/** `Name <address>` or a bare address; null when MAIL_FROM names none. */
function addressOf(mailFrom: string): string | null {
  const match = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom) ?? /^\s*(\S+@\S+)\s*$/.exec(mailFrom);
  return match?.[1] ?? null;
}

/**
 * The default subject: the public https app URL (Apple refuses localhost), else the sender of
 * the app's mail, which is an address the operator reads or at least owns.
 */
function defaultSubject(appUrl: string, mailFrom: string): string {
  const url = new URL(appUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  return `mailto:${addressOf(mailFrom) ?? 'no-reply@tapeline.local'}`;
}

function publicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url');
  } catch {
    return null;
  }
}

const fail = (line: string): never => {
  throw new ConfigError(`Invalid configuration:\n  ${line}`);
};

export function pushConfig(env: Env, appUrl: string): PushConfig {
  const allowInsecure = env.PUSH_ALLOW_INSECURE === 'true';
  if (allowInsecure && env.NODE_ENV === 'production') {
    fail('PUSH_ALLOW_INSECURE: insecure push endpoints cannot be allowed in production');
  }
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    fail(`${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: set both VAPID keys, or neither`);
  }
  if (publicKey && privateKey) {
    // A mismatched pair would be accepted here and refused by every push service at the first alert.
    if (publicKeyOf(privateKey) !== publicKey) {
      fail('VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
    }
  }
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    subject: env.VAPID_SUBJECT ?? defaultSubject(appUrl, env.MAIL_FROM),
    allowInsecure,
  };
}
