// The webhook bench's receiver, in its own process as a real receiver would be, so the bench
// process's CPU is the delivery worker's alone. Talks to its parent over IPC: sends its port,
// answers 'count' with how many requests it got, exits on 'close'.
import { startLoopbackReceiver } from '../apps/server/src/modules/alerts/webhooks/testing/loopbackReceiver.ts';

const receiver = await startLoopbackReceiver({ keep: false });
process.send?.({ port: receiver.port });
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count: receiver.count() });
  if (message === 'close') void receiver.close().then(() => process.exit(0));
});
