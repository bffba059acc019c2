/**
 * A stream batch on the bus (`stream` topic): a 16-byte header — the engine's epoch (`ep`) and
 * the batch's `seq`, each a Float64LE — then the raw-deflated batch JSON that sockets receive.
 * Every API node indexes its backlog by (ep, seq) for `stream_resume` without inflating a
 * batch; sockets get only the deflated part (docs/decisions.md, "Stream catch-up").
 */
export const BUS_FRAME_HEADER = 16;

export interface BusBatch {
  ep: number;
  seq: number;
  /** The deflated batch: a view into the frame, as `compressedUpdate` sends it. */
  bytes: Buffer;
}

/** One allocation holding header and batch, so the engine thread posts a single exact buffer. */
export function encodeBusFrame(ep: number, seq: number, deflated: Uint8Array): Uint8Array {
  const frame = new Uint8Array(BUS_FRAME_HEADER + deflated.byteLength);
  const view = new DataView(frame.buffer);
  view.setFloat64(0, ep, true);
  view.setFloat64(8, seq, true);
  frame.set(deflated, BUS_FRAME_HEADER);
  return frame;
}

/**
 * The header and batch of a bus frame; null for what is not one (too short, or numbers no
 * engine writes — e.g. a batch from a build that sent no header), which a node drops.
 */
export function decodeBusFrame(frame: Buffer): BusBatch | null {
  if (frame.byteLength <= BUS_FRAME_HEADER) return null;
  const ep = frame.readDoubleLE(0);
  const seq = frame.readDoubleLE(8);
  if (!Number.isFinite(ep) || ep <= 0 || !Number.isSafeInteger(seq) || seq < 1) return null;
  return { ep, seq, bytes: frame.subarray(BUS_FRAME_HEADER) };
}
