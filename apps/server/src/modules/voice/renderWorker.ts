import { parentPort } from 'node:worker_threads';
import { createSynth, type RenderedClip, type RenderJob } from './synth.ts';

/** The voice thread: espeak-ng and the MP3 encoder, off the event loop of the API. */

export interface RenderRequest {
  id: number;
  job: RenderJob;
}

export type RenderReply =
  | ({ id: number; ok: true } & RenderedClip)
  | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('renderWorker.ts runs as a worker thread');

// Loaded once per thread; requests that arrive meanwhile wait for it, then run one at a time
// (each render is synchronous).
const synth = createSynth();

port.on('message', async ({ id, job }: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { id, ok: true, ...(await synth).render(job) };
  } catch (error) {
    reply = { id, ok: false, message: (error as Error).message };
  }
  port.postMessage(reply, reply.ok ? [reply.mp3.buffer as ArrayBuffer] : []);
});
