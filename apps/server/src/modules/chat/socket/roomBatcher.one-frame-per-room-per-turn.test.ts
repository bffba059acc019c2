import { CHAT_EVENTS, type ChatEvent, PROTOCOL_VERSION } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { RoomBatcher } from './roomBatcher.ts';

const v = PROTOCOL_VERSION;
const del = (id: number): ChatEvent => ({ v, type: 'delete', channel_id: 'general', id });
const slow = (seconds: number): ChatEvent => ({ v, type: 'slow_mode', channel_id: 'options', seconds });

/** socket.io's room broadcast as the batcher sees it, recording each frame. */
function fakeIo() {
  const frames: { room: string; event: string; args: unknown[] }[] = [];
  return {
    frames,
    to: (room: string) => ({
      emit: (event: string, ...args: unknown[]) => frames.push({ room, event, args }),
    }),
  };
}

/** A deferral the test runs by hand: one "turn" ends when it calls `turn()`. */
function manualTurns() {
  const queued: (() => void)[] = [];
  return {
    defer: (flush: () => void) => queued.push(flush),
    turn: () => {
      for (const flush of queued.splice(0)) flush();
    },
    waiting: () => queued.length,
  };
}

describe('RoomBatcher', () => {
  it('sends a lone event as a frame of one, after the turn', () => {
    const io = fakeIo();
    const turns = manualTurns();
    const batcher = new RoomBatcher(io, turns.defer);
    batcher.emit('chat:general', del(1));
    expect(io.frames).toEqual([]);
    turns.turn();
    expect(io.frames).toEqual([{ room: 'chat:general', event: CHAT_EVENTS.update, args: [del(1)] }]);
  });

  it('puts one turn’s events for a room into one frame, in order, one frame per room', () => {
    const io = fakeIo();
    const turns = manualTurns();
    const batcher = new RoomBatcher(io, turns.defer);
    batcher.emit('chat:general', del(1));
    batcher.emit('chat:options', slow(30));
    batcher.emit('chat:general', del(2));
    batcher.emit('chat:general', del(3));
    expect(turns.waiting()).toBe(1);
    turns.turn();
    expect(io.frames).toEqual([
      { room: 'chat:general', event: CHAT_EVENTS.update, args: [del(1), del(2), del(3)] },
      { room: 'chat:options', event: CHAT_EVENTS.update, args: [slow(30)] },
    ]);
  });

  it('answers each emit when its frame is sent, so a handler can ack after the room heard it', async () => {
    const io = fakeIo();
    const turns = manualTurns();
    const batcher = new RoomBatcher(io, turns.defer);
    let settled = 0;
    const first = batcher.emit('chat:general', del(1)).then(() => settled++);
    const second = batcher.emit('chat:options', slow(5)).then(() => settled++);
    await Promise.resolve();
    expect(settled).toBe(0);
    turns.turn();
    await Promise.all([first, second]);
    expect(settled).toBe(2);
    expect(io.frames).toHaveLength(2);
  });

  it('starts afresh after a flush: the next turn’s events are a new frame', () => {
    const io = fakeIo();
    const turns = manualTurns();
    const batcher = new RoomBatcher(io, turns.defer);
    batcher.emit('chat:general', del(1));
    turns.turn();
    batcher.emit('chat:general', del(2));
    turns.turn();
    expect(io.frames.map((f) => f.args)).toEqual([[del(1)], [del(2)]]);
    turns.turn();
    expect(io.frames).toHaveLength(2);
  });
});
