/**
 * The version of the messages between peers that may run different builds: the engine process
 * and API nodes on the bus, the server and a browser tab on the socket (as tldraw's sync
 * protocol names one). Raise it when a message changes shape; a peer on another version is
 * refused with a clear error instead of misreading it.
 *
 * 2: stream entries gain element 11 (storyTime); quote ticks and news messages.
 * 3: stream batches gain `ep` (engine epoch) and `seq` (published batch number) for catch-up;
 *    entries gain element 12 (eventTs); `stream_resume` and `alerts_resume` (docs/continuity.md §0).
 * 4: one socket protocol (socketProtocol.ts): every client call carries `v` (the unsubscribes
 *    and `subscribe`/`unsubscribe {channel}` too) and answers one ack, `{ok: true, …}` or
 *    `{ok: false, error, message, retry_at?}` (socketRefusals.ts); no `stream_error`, no chat
 *    `error` event.
 * 5: stream batches gain `uvols`, the unusual-volume events (a batch of 4 reads as none).
 * 6: entries gain element 13 (publishedTs), the server's publish time of each entry (issue 23 §3).
 */
export const PROTOCOL_VERSION = 6;

/** A message without a version is from before versions were named: protocol 1, today's shapes. */
export const UNVERSIONED_PROTOCOL = 1;

/** The version a message names, or UNVERSIONED_PROTOCOL when it names none. */
export function protocolOf(message: unknown): number {
  if (typeof message !== 'object' || message === null || !('v' in message)) return UNVERSIONED_PROTOCOL;
  const { v } = message as { v: unknown };
  return typeof v === 'number' && Number.isInteger(v) ? v : Number.NaN;
}

/** The refusal text both sides log: what the peer speaks and what this side speaks. */
export function protocolMismatch(what: string, theirs: number): string {
  return `${what} speaks protocol v${theirs}, this side speaks v${PROTOCOL_VERSION}: refused; run the same build on both`;
}
