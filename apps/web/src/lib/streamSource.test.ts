import { PROTOCOL_VERSION, STREAM_EVENTS } from '@tapeline/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The tab's one socket, shared by the stream widgets and the alert listener: what it asks the
// server for, and when it opens and closes. socket.io is replaced by a recording fake.
class FakeSocket {
  connected = false;
  closed = false;
  readonly emitted: [string, unknown][] = [];
  private readonly handlers = new Map<string, ((...payloads: unknown[]) => void)[]>();
  on(event: string, handler: (...payloads: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string) {
    this.handlers.delete(event);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  close() {
    this.closed = true;
    this.connected = false;
  }
  /** The server side: connect, or send an event. */
  receive(event: string, ...payloads: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const handler of this.handlers.get(event) ?? []) handler(...payloads);
  }
}

const sockets = vi.hoisted(() => ({ made: [] as unknown[] }));
vi.mock('./socket.ts', () => ({
  connectSocket: () => {
    const socket = new FakeSocket();
    sockets.made.push(socket);
    return socket;
  },
}));

const { listenSocket, subscribeStream } = await import('./streamSource.ts');
const last = () => sockets.made.at(-1) as FakeSocket;
const subscribes = (s: FakeSocket) => s.emitted.filter(([e]) => e === STREAM_EVENTS.subscribe);

afterEach(() => {
  sockets.made.length = 0;
});

describe('the tab’s socket', () => {
  it('opens for alerts alone without joining the stream, and relays their events', () => {
    const heard: unknown[] = [];
    const stop = listenSocket('alert', (payload) => heard.push(payload));
    const socket = last();
    socket.receive('connect');
    expect(subscribes(socket)).toEqual([]);
    socket.receive('alert', { id: 1 });
    expect(heard).toEqual([{ id: 1 }]);
    stop();
    expect(socket.closed).toBe(true);
  });

  it('hands each payload of a frame that carries several to every listener, in order', () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const stopFirst = listenSocket('chat', (payload) => first.push(payload));
    const stopSecond = listenSocket('chat', (payload) => second.push(payload));
    const socket = last();
    socket.receive('connect');
    socket.receive('chat', { id: 1 }, { id: 2 }, { id: 3 });
    expect(first).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(second).toEqual(first);
    stopFirst();
    stopSecond();
  });

  it('joins the stream when a stream widget arrives on the open socket, and leaves it when the last one goes', () => {
    const stopAlerts = listenSocket('alert', () => {});
    const socket = last();
    socket.receive('connect');
    const stopStream = subscribeStream(() => {});
    expect(sockets.made).toHaveLength(1);
    expect(subscribes(socket)).toEqual([[STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION }]]);

    stopStream();
    expect(socket.emitted.at(-1)).toEqual([STREAM_EVENTS.channelUnsubscribe, { channel: 'stream' }]);
    expect(socket.closed).toBe(false);
    stopAlerts();
    expect(socket.closed).toBe(true);
  });

  it('a stream widget’s socket subscribes on connect and carries alert listeners added later', () => {
    const stopStream = subscribeStream(() => {});
    const socket = last();
    socket.receive('connect');
    expect(subscribes(socket)).toHaveLength(1);
    const heard: unknown[] = [];
    const stopAlerts = listenSocket('filteredAlerts', (p) => heard.push(p));
    socket.receive('filteredAlerts', { id: 7 });
    expect(heard).toEqual([{ id: 7 }]);

    stopAlerts();
    socket.receive('filteredAlerts', { id: 8 });
    expect(heard).toHaveLength(1);
    expect(socket.closed).toBe(false);
    stopStream();
    expect(socket.closed).toBe(true);
  });
});

describe('events the server sends after a subscribe (quotes, news)', () => {
  const join = ['quotes_subscribe', { v: PROTOCOL_VERSION }] as const;
  const leave = ['quotes_unsubscribe'] as const;
  const sent = (s: FakeSocket, event: string) => s.emitted.filter(([e]) => e === event);

  it('joins on connect, again on every reconnect, and leaves after the last listener', () => {
    const heard: unknown[] = [];
    const stopA = listenSocket('quotes', (p) => heard.push(p), { join, leave });
    const socket = last();
    expect(sent(socket, 'quotes_subscribe')).toEqual([]);
    socket.receive('connect');
    expect(sent(socket, 'quotes_subscribe')).toEqual([[...join]]);
    // A second listener of the same event shares the room: no second join.
    const stopB = listenSocket('quotes', () => {}, { join, leave });
    expect(sent(socket, 'quotes_subscribe')).toHaveLength(1);

    socket.receive('disconnect');
    socket.receive('connect');
    expect(sent(socket, 'quotes_subscribe')).toHaveLength(2);
    socket.receive('quotes', { q: [] });
    expect(heard).toEqual([{ q: [] }]);

    // Something else keeps the socket open, so the leave is actually sent.
    const stopAlerts = listenSocket('alert', () => {});
    stopA();
    expect(sent(socket, 'quotes_unsubscribe')).toEqual([]);
    stopB();
    expect(sent(socket, 'quotes_unsubscribe')).toHaveLength(1);
    socket.receive('disconnect');
    socket.receive('connect');
    expect(sent(socket, 'quotes_subscribe')).toHaveLength(2);
    stopAlerts();
    expect(socket.closed).toBe(true);
  });

  it('keeps each room while a listener holds it, whoever listened to the event first', () => {
    const stopStream = subscribeStream(() => {});
    const socket = last();
    socket.receive('connect');
    const heard: string[] = [];
    // The app-wide listener of an event holds no room; two widgets each hold their own.
    const stopAll = listenSocket('chat', () => heard.push('all'));
    const room = (channel: string) => ({
      join: ['chat_subscribe', { v: PROTOCOL_VERSION, channel }] as const,
      leave: ['chat_unsubscribe', { v: PROTOCOL_VERSION, channel }] as const,
    });
    const stopA = listenSocket('chat', () => heard.push('a'), room('general'));
    const stopB = listenSocket('chat', () => heard.push('b'), room('options'));
    expect(sent(socket, 'chat_subscribe')).toEqual([[...room('general').join], [...room('options').join]]);
    socket.receive('chat', { type: 'message' });
    expect(heard).toEqual(['all', 'a', 'b']);

    stopA();
    expect(sent(socket, 'chat_unsubscribe')).toEqual([[...room('general').leave]]);
    socket.receive('disconnect');
    socket.receive('connect');
    expect(sent(socket, 'chat_subscribe').at(-1)).toEqual([...room('options').join]);
    expect(sent(socket, 'chat_subscribe')).toHaveLength(3);
    stopB();
    stopAll();
    stopStream();
    expect(sent(socket, 'chat_unsubscribe')).toHaveLength(2);
    expect(socket.closed).toBe(true);
  });

  it('joins at once when the socket is already connected', () => {
    const stopStream = subscribeStream(() => {});
    const socket = last();
    socket.receive('connect');
    const stop = listenSocket('news', () => {}, { join: ['news_subscribe', { v: PROTOCOL_VERSION }] });
    expect(sent(socket, 'news_subscribe')).toEqual([['news_subscribe', { v: PROTOCOL_VERSION }]]);
    stop();
    stopStream();
    expect(socket.closed).toBe(true);
  });
});
