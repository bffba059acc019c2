import { setRoleByEmail } from '../modules/admin/setRole.ts';
import { setVipByEmail } from '../modules/admin/setVip.ts';
import { listOutbox } from '../modules/dev/outbox.ts';
import { systemClock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { backupTo } from './backup.ts';
import type { ChannelRequest, ChannelResponse } from './protocol.ts';

/** Runs one operator command against the database, whether the CLI or the server opened it. */
export async function runCommand(db: Db, request: ChannelRequest): Promise<ChannelResponse> {
  switch (request.op) {
    case 'user:role':
      // The operator's command runs now: the CLI has no app context, so its clock is the system's.
      return setRoleByEmail(db, request.email, request.role, new Date(systemClock.now()));
    case 'user:vip':
      return setVipByEmail(db, request.email, request.vip);
    case 'mail:list':
      return { ok: true, mail: await listOutbox(db, request.limit) };
    case 'backup':
      return backupTo(db, request.file);
  }
}
