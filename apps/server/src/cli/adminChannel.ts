import { chmod, mkdir, unlink } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { Db } from '../platform/db/client.ts';
import type { Log } from '../platform/log.ts';
import { runCommand } from './commands.ts';
import { adminSocketPath, runDir } from './paths.ts';
import { type ChannelResponse, channelRequestSchema, MAX_LINE_BYTES } from './protocol.ts';

export interface AdminChannel {
  path: string;
  close(): Promise<void>;
}

function serve(db: Db, log: Log, socket: Socket): void {
  let buffered = '';
  const reply = (response: ChannelResponse) => socket.end(`${JSON.stringify(response)}\n`);
  socket.setEncoding('utf8');
  socket.setTimeout(10_000, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_LINE_BYTES) {
      reply({ ok: false, error: 'bad_request', message: 'Request too long' });
      return;
    }
    const end = buffered.indexOf('\n');
    if (end < 0) return;
    socket.pause();
    let parsed: ReturnType<typeof channelRequestSchema.safeParse>;
    try {
      parsed = channelRequestSchema.safeParse(JSON.parse(buffered.slice(0, end)));
    } catch {
      return reply({ ok: false, error: 'bad_request', message: 'Request is not JSON' });
    }
    if (!parsed.success) return reply({ ok: false, error: 'bad_request', message: 'Unknown command' });
    runCommand(db, parsed.data)
      .then((response) => {
        log.info({ op: parsed.data.op, ok: response.ok }, 'admin channel command');
        reply(response);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'admin channel command failed');
        reply({ ok: false, error: 'internal', message: 'The server could not run the command' });
      });
  });
}

/**
 * The CLI's way in while this server holds the embedded database: a Unix domain socket in
 * DATA_DIR/run (directory 0700, socket 0600), never a TCP port. The caller holds the data-dir
 * lock, so a socket file already there is a leftover of a crash and is replaced.
 */
export async function startAdminChannel(dataDir: string, db: Db, log: Log): Promise<AdminChannel> {
  await mkdir(runDir(dataDir), { recursive: true, mode: 0o700 });
  await chmod(runDir(dataDir), 0o700);
  const path = adminSocketPath(dataDir);
  await unlink(path).catch(() => {});
  const server: Server = createServer((socket) => serve(db, log, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        // Closing the server unlinks the socket file; open connections finish their one reply.
        server.close(() => resolve());
      }),
  };
}
