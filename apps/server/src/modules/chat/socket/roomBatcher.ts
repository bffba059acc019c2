import { CHAT_EVENTS, type ChatEvent } from '@tapeline/core';

/** What the batcher needs of socket.io: a room's broadcast (one frame, encoded once). */
export interface RoomEmitter {
  to(room: string): { emit(event: string, ...args: unknown[]): unknown };
}

/**
 * A channel room's events of one event-loop turn go out as one `chat` frame whose arguments are
 * the events in order (core CHAT_EVENTS.update). Idle, a turn holds one event and nothing
 * changes; under load the turns lengthen, more events share a frame, and the per-recipient
 * write (a syscall per socket, the cost that sinks a raw room broadcast at 5,000 sockets) is
 * paid once per frame instead of once per event (docs/chat.md "Load").
 */
export class RoomBatcher {
  private readonly pending = new Map<string, ChatEvent[]>();
  private scheduled = false;
  /** Settles when this turn's frames are sent; one per turn, shared by its events. */
  private sent: Promise<void> = Promise.resolve();
  private settle: () => void = () => {};

  constructor(
    private readonly io: RoomEmitter,
    /** When the turn's events are sent: after the I/O callbacks of this turn (`Clock.defer`). */
    private readonly defer: (flush: () => void) => void,
  ) {}

  /**
   * Queues `event` for `room`'s frame of this turn. The answer settles once the frame is sent:
   * a handler awaits it before its ack, so a caller hears the room's event before its answer,
   * as with a direct emit.
   */
  emit(room: string, event: ChatEvent): Promise<void> {
    const events = this.pending.get(room);
    if (events) events.push(event);
    else this.pending.set(room, [event]);
    if (!this.scheduled) {
      this.scheduled = true;
      this.sent = new Promise<void>((resolve) => {
        this.settle = resolve;
      });
      this.defer(this.flush);
    }
    return this.sent;
  }

  /** Sends what is pending now (the deferred flush; also at close so nothing waits). */
  readonly flush = (): void => {
    this.scheduled = false;
    for (const [room, events] of this.pending) this.io.to(room).emit(CHAT_EVENTS.update, ...events);
    this.pending.clear();
    this.settle();
  };
}
