import path from 'node:path';
import { ROLES } from '@tapeline/core';
import { backupRefusal, restoreFrom } from './cli/backup.ts';
import { runOperatorCommand } from './cli/operatorCommand.ts';
import type { ChannelRequest, ChannelResponse } from './cli/protocol.ts';
import { isRole } from './modules/admin/setRole.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { dataDirAccessWarning } from './platform/dataDir.ts';

const USAGE = `Usage: npm run cli -- user:role <email> ${ROLES.join('|')}
       npm run cli -- user:vip <email> on|off
       npm run cli -- mail:list [count]
       npm run cli -- backup <file>
       npm run cli -- restore <file>

  user:role   Set a user's role. This is how the first admin is made.
  user:vip    Give or take the chat's vip badge.
  mail:list   Without SMTP_URL: the newest mail kept in the dev outbox (default 10, at most
              100), with its links. Only here, on this machine: it is never served over HTTP.
  backup      The embedded database (PGlite) to <file>, a gzipped dump; consistent while the
              server runs (it writes the dump). With DATABASE_URL use pg_dump instead.
  restore     A backup into an empty DATA_DIR, with no server running.
The first four work whether or not the server is running (same DATA_DIR or DATABASE_URL).
A production install runs node apps/server/dist/cli.js with the same arguments.`;

/** The command line as a channel request, or null for a usage error. */
function parse(argv: string[]): ChannelRequest | string | null {
  const [command, ...args] = argv;
  if (command === 'user:role') {
    const [email, role, ...rest] = args;
    if (!email || !role || rest.length > 0) return null;
    if (!isRole(role)) return `Invalid role "${role}": must be one of ${ROLES.join(', ')}`;
    return { op: 'user:role', email, role };
  }
  if (command === 'user:vip') {
    const [email, flag, ...rest] = args;
    if (!email || (flag !== 'on' && flag !== 'off') || rest.length > 0) return null;
    return { op: 'user:vip', email, vip: flag === 'on' };
  }
  if (command === 'backup') {
    const [file, ...rest] = args;
    if (!file || rest.length > 0) return null;
    return { op: 'backup', file: path.resolve(file) };
  }
  if (command === 'mail:list') {
    const [count = '10', ...rest] = args;
    const limit = Number(count);
    if (rest.length > 0 || !Number.isInteger(limit) || limit < 1 || limit > 100) return null;
    return { op: 'mail:list', limit };
  }
  return null;
}

function print(response: ChannelResponse): void {
  if (!response.ok) return;
  if ('backup' in response) {
    console.log(`Backup written to ${response.backup.file} (${response.backup.bytes} bytes)`);
    return;
  }
  if ('mail' in response) {
    if (response.mail.length === 0) console.log('The dev outbox is empty.');
    for (const mail of response.mail) {
      console.log(`${mail.created_at}  to ${mail.to}\n  ${mail.subject}`);
      for (const link of mail.links) console.log(`  ${link}`);
    }
    return;
  }
  if ('vip' in response.user) {
    const { email, vip, previousVip } = response.user;
    console.log(
      vip === previousVip
        ? `${email} vip is already ${vip ? 'on' : 'off'}`
        : `${email}: vip ${vip ? 'on' : 'off'}`,
    );
    return;
  }
  const { user } = response;
  console.log(
    user.previous === user.role
      ? `${user.email} is already ${user.role}`
      : `${user.email}: role changed from ${user.previous} to ${user.role}`,
  );
}

/** Exit codes: 0 done, 1 the command failed (e.g. no such user), 2 usage, 78 configuration. */
async function main(argv: string[]): Promise<number> {
  const restoring = argv[0] === 'restore' && argv.length === 2 ? path.resolve(argv[1] as string) : null;
  const request = restoring ? 'restore' : parse(argv);
  if (request !== 'restore' && (typeof request !== 'object' || request === null)) {
    console.error(request ?? USAGE);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  const warning = await dataDirAccessWarning(config.dataDir);
  if (warning) console.error(warning);
  if (request === 'restore') {
    const file = restoring as string;
    const { users } = await restoreFrom(config, file);
    console.log(`Restored ${file} into ${config.dataDir} (${users} users)`);
    return 0;
  }
  const refusal = request.op === 'backup' ? backupRefusal(config) : null;
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const result = await runOperatorCommand(config, request);
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  print(result);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
