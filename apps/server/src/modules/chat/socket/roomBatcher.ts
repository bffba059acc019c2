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

  constructor(
    private readonly io: RoomEmitter,
    /** When the turn's events are sent: after the I/O callbacks of this turn (setImmediate). */
    private readonly defer: (flush: () => void) => void = setImmediate,
  ) {}

  emit(room: string, event: ChatEvent): void {
    const events = this.pending.get(room);
    if (events) events.push(event);
    else this.pending.set(room, [event]);
    if (this.scheduled) return;
    this.scheduled = true;
    this.defer(this.flush);
  }

  /** Sends what is pending now (the deferred flush; also at close so nothing waits). */
  readonly flush = (): void => {
    this.scheduled = false;
    for (const [room, events] of this.pending) this.io.to(room).emit(CHAT_EVENTS.update, ...events);
    this.pending.clear();
  };
}
