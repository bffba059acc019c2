import type { DevMail } from '@tapeline/core';
import { z } from 'zod';
import type { SetRoleResult } from '../modules/admin/setRole.ts';
import type { SetVipResult } from '../modules/admin/setVip.ts';

/**
 * The admin channel's protocol: one JSON line in, one JSON line out, then the server closes.
 * Tiny on purpose: it only carries operator commands from the CLI on the same machine.
 */
export const channelRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('user:role'), email: z.string().min(1).max(320), role: z.string().max(20) }),
  z.object({ op: z.literal('user:vip'), email: z.string().min(1).max(320), vip: z.boolean() }),
  z.object({ op: z.literal('mail:list'), limit: z.number().int().min(1).max(100) }),
  /** An absolute path the server writes the dump to (the CLI and the server share the machine). */
  z.object({ op: z.literal('backup'), file: z.string().min(1).max(4096) }),
]);
export type ChannelRequest = z.infer<typeof channelRequestSchema>;

export type MailListResult = { ok: true; mail: DevMail[] };
export type BackupResult = { ok: true; backup: { file: string; bytes: number } };

export type ChannelResponse =
  | SetRoleResult
  | SetVipResult
  | MailListResult
  | BackupResult
  | { ok: false; error: 'bad_request' | 'internal'; message: string };

/** A request line longer than this is not a CLI command. */
export const MAX_LINE_BYTES = 16 * 1024;
