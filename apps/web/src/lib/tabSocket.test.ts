import { deflateRawSync } from 'node:zlib';
import {
  ALERT_EVENTS,
  CHAT_EVENTS,
  NEWS_EVENTS,
  PROTOCOL_VERSION,
  QUOTE_EVENTS,
  STREAM_EVENTS,
  type StreamBatchView,
  socketRefusal,
} from '@tapeline/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionStore } from './connectionStatus.ts';
import { onStreamRefill, type StreamRefillReason } from './streamSequencer.ts';

// The tab's one socket, shared by the stream widgets and the alert listener: what it asks the
// server for, how a call's ack is read, and when it opens and closes. socket.io is replaced by a
// recording fake.
class FakeSocket {
  connected = false;
  closed = false;
  readonly emitted: [string, unknown][] = [];
  /** Requests sent with an ack, each answered by the test (`answer(error, value)`). */
  readonly asked: { event: string; payload: unknown; answer: (error: unknown, value?: unknown) => void }[] =
    [];
  connectCalls = 0;
  /** The transport under the socket: closing it drops the connection (socket.io then retries). */
  readonly io = { engine: { close: () => this.receive('disconnect', 'transport close') } };
  private readonly handlers = new Map<string, ((...payloads: unknown[]) => void)[]>();
  on(event: string, handler: (...payloads: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string) {
    this.handlers.delete(event);
    return this;
  }
  /** Every call goes with an ack and the timeout: a bare emit is a call whose answer is lost. */
  emit(event: string) {
    throw new Error(`${event} sent without an ack`);
  }
  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, answer: (error: unknown, value?: unknown) => void) => {
        this.emitted.push([event, payload]);
        this.asked.push({ event, payload, answer });
      },
    };
  }
  connect() {
    this.connectCalls += 1;
    return this;
  }
  close() {
    this.closed = true;
    this.connected = false;
  }
  /** The server side: connect, drop, or send an event. */
  receive(event: string, ...payloads: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
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

const { listenSocket, request, SocketCallError, seedStream, subscribeStream } = await import(
  './tabSocket.ts'
);
const last = () => sockets.made.at(-1) as FakeSocket;
const subscribes = (s: FakeSocket) => s.emitted.filter(([e]) => e === STREAM_EVENTS.subscribe);
/** The catch-up calls asked on `s`, each waiting for the test's answer. */
const resumes = (s: FakeSocket) => s.asked.filter(({ event }) => event === STREAM_EVENTS.resume);

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
    expect(socket.emitted.at(-1)).toEqual([
      STREAM_EVENTS.channelUnsubscribe,
      { v: PROTOCOL_VERSION, channel: 'stream' },
    ]);
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
  const join = [QUOTE_EVENTS.subscribe, {}] as const;
  const leave = [QUOTE_EVENTS.unsubscribe, {}] as const;
  const sent = (s: FakeSocket, event: string) => s.emitted.filter(([e]) => e === event);
  const v = PROTOCOL_VERSION;

  it('joins on connect, again on every reconnect, and leaves after the last listener', () => {
    const heard: unknown[] = [];
    const stopA = listenSocket('quotes', (p) => heard.push(p), { join, leave });
    const socket = last();
    expect(sent(socket, 'quotes_subscribe')).toEqual([]);
    socket.receive('connect');
    // Sent with the protocol version, as every call.
    expect(sent(socket, 'quotes_subscribe')).toEqual([['quotes_subscribe', { v }]]);
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
      join: [CHAT_EVENTS.subscribe, { channel }] as const,
      leave: [CHAT_EVENTS.unsubscribe, { channel }] as const,
    });
    const wire = (call: readonly [string, object]) => [call[0], { v, ...call[1] }];
    const stopA = listenSocket('chat', () => heard.push('a'), room('general'));
    const stopB = listenSocket('chat', () => heard.push('b'), room('options'));
    expect(sent(socket, 'chat_subscribe')).toEqual([wire(room('general').join), wire(room('options').join)]);
    socket.receive('chat', { type: 'message' });
    expect(heard).toEqual(['all', 'a', 'b']);

    stopA();
    expect(sent(socket, 'chat_unsubscribe')).toEqual([wire(room('general').leave)]);
    socket.receive('disconnect');
    socket.receive('connect');
    expect(sent(socket, 'chat_subscribe').at(-1)).toEqual(wire(room('options').join));
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
    const stop = listenSocket('news', () => {}, { join: [NEWS_EVENTS.subscribe, {}] });
    expect(sent(socket, 'news_subscribe')).toEqual([['news_subscribe', { v: PROTOCOL_VERSION }]]);
    stop();
    stopStream();
    expect(socket.closed).toBe(true);
  });
});

describe('a drop and the catch-up after it', () => {
  const EP = 1_794_999_000_000;
  /** A batch as the server sends it: raw-deflated JSON, an ArrayBuffer of exactly its bytes. */
  const frame = (seq: number, ep = EP): ArrayBuffer => {
    const json = JSON.stringify({
      v: PROTOCOL_VERSION,
      ep,
      seq,
      ts: 1_795_000_000_000 + seq,
      highs: [],
      lows: [],
      halts: [],
    });
    const bytes = deflateRawSync(Buffer.from(json));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  const status = () => connectionStore.getState().status;

  function streaming() {
    const seqs: number[] = [];
    const stop = subscribeStream((batch: StreamBatchView) => seqs.push(batch.seq));
    const socket = last();
    return { seqs, stop, socket };
  }

  it('says connecting, then live; a drop is reconnecting; the reconnect resumes from the last batch', async () => {
    const { seqs, stop, socket } = streaming();
    expect(status()).toBe('connecting');
    socket.receive('connect');
    expect(status()).toBe('live');
    socket.receive(STREAM_EVENTS.update, frame(1));
    socket.receive(STREAM_EVENTS.update, frame(2));
    await vi.waitFor(() => expect(seqs).toEqual([1, 2]));

    socket.receive('disconnect', 'transport close');
    expect(status()).toBe('reconnecting');
    socket.receive('connect');
    // Subscribed again first, then asked for what was missed.
    expect(socket.emitted.slice(-2)).toEqual([
      [STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION }],
      [STREAM_EVENTS.resume, { v: PROTOCOL_VERSION, ep: EP, since: 2 }],
    ]);
    expect(status()).toBe('catching-up');
    // A live batch after the reconnect comes before the answer: held until the hole fills.
    socket.receive(STREAM_EVENTS.update, frame(5));
    resumes(socket)
      .at(-1)
      ?.answer(null, { ok: true, batches: [frame(3), frame(4)] });
    await vi.waitFor(() => expect(seqs).toEqual([1, 2, 3, 4, 5]));
    expect(status()).toBe('live');
    socket.receive(STREAM_EVENTS.update, frame(5));
    socket.receive(STREAM_EVENTS.update, frame(6));
    await vi.waitFor(() => expect(seqs).toEqual([1, 2, 3, 4, 5, 6]));
    stop();
    expect(status()).toBe('connecting');
  });

  it('a first connect that fails says unreachable until it connects; a failed reconnect stays reconnecting', () => {
    const { stop, socket } = streaming();
    expect(status()).toBe('connecting');
    socket.receive('connect_error', new Error('websocket error'));
    expect(status()).toBe('unreachable');
    socket.receive('connect');
    expect(status()).toBe('live');
    socket.receive('disconnect', 'transport close');
    socket.receive('connect_error', new Error('websocket error'));
    expect(status()).toBe('reconnecting');
    stop();
  });

  it('a resume the server cannot serve asks the views to refill', async () => {
    const refills: StreamRefillReason[] = [];
    const stopRefills = onStreamRefill((reason) => refills.push(reason));
    const { seqs, stop, socket } = streaming();
    socket.receive('connect');
    socket.receive(STREAM_EVENTS.update, frame(10));
    await vi.waitFor(() => expect(seqs).toEqual([10]));
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    resumes(socket).at(-1)?.answer(null, socketRefusal('gap'));
    await vi.waitFor(() => expect(refills).toEqual(['gap']));
    expect(status()).toBe('live');
    stop();
    stopRefills();
  });

  it('a resume answer that breaks the connection is not asked again: the views refill', async () => {
    const refills: StreamRefillReason[] = [];
    const stopRefills = onStreamRefill((reason) => refills.push(reason));
    const { seqs, stop, socket } = streaming();
    socket.receive('connect');
    socket.receive(STREAM_EVENTS.update, frame(20));
    await vi.waitFor(() => expect(seqs).toEqual([20]));
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    expect(resumes(socket)).toHaveLength(1);
    socket.receive('disconnect', 'parse error');
    socket.receive('connect');
    expect(resumes(socket)).toHaveLength(1);
    expect(refills).toEqual(['refused']);
    expect(status()).toBe('live');
    // The next drop resumes as usual.
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    expect(resumes(socket)).toHaveLength(2);
    stop();
    stopRefills();
  });

  it('a hole while connected asks for the missing batches at once', async () => {
    const { seqs, stop, socket } = streaming();
    socket.receive('connect');
    socket.receive(STREAM_EVENTS.update, frame(1));
    socket.receive(STREAM_EVENTS.update, frame(3));
    await vi.waitFor(() => expect(resumes(socket)).toHaveLength(1));
    expect(resumes(socket)[0]?.payload).toEqual({ v: PROTOCOL_VERSION, ep: EP, since: 1 });
    // A batch out of order is not the user's connection: no "Catching up…" for it.
    expect(status()).toBe('live');
    resumes(socket)[0]?.answer(null, { ok: true, batches: [frame(2)] });
    await vi.waitFor(() => expect(seqs).toEqual([1, 2, 3]));
    stop();
  });

  it('a recent view seeds the sequence: a drop before the first live batch resumes from its answer', async () => {
    const { seqs, stop, socket } = streaming();
    socket.receive('connect');
    seedStream({ ep: EP, seq: 40 });
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    expect(resumes(socket).at(-1)?.payload).toEqual({ v: PROTOCOL_VERSION, ep: EP, since: 40 });
    resumes(socket)
      .at(-1)
      ?.answer(null, { ok: true, batches: [frame(41), frame(42)] });
    await vi.waitFor(() => expect(seqs).toEqual([41, 42]));
    stop();
  });

  it('a reconnect of a socket that has no stream widget asks no resume', () => {
    const stop = listenSocket('alert', () => {});
    const socket = last();
    socket.receive('connect');
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    expect(resumes(socket)).toEqual([]);
    expect(status()).toBe('live');
    stop();
  });

  it('the browser going offline is reconnecting at once and closes the transport; online retries', () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    try {
      const { stop, socket } = streaming();
      socket.receive('connect');
      page.dispatchEvent(new Event('offline'));
      expect(status()).toBe('reconnecting');
      expect(socket.connected).toBe(false);
      page.dispatchEvent(new Event('online'));
      expect(socket.connectCalls).toBe(1);
      stop();
      // Closed with its last listener: the page's events no longer reach it.
      page.dispatchEvent(new Event('online'));
      expect(socket.connectCalls).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('request: the one way the tab calls the server', () => {
  /** The reason a call failed, or 'served'. */
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => 'served',
      (error: unknown) => (error instanceof SocketCallError ? error.reason : 'not a SocketCallError'),
    );

  it('adds v, resolves the served ack read with core’s schema, and rejects everything else one way', async () => {
    const stop = listenSocket('alert', () => {});
    const socket = last();
    // Not connected: nothing goes, nothing is queued for later.
    await expect(outcome(request(ALERT_EVENTS.resume, { since: 4 }))).resolves.toBe('offline');
    expect(socket.emitted).toEqual([]);
    socket.receive('connect');

    const served = request(ALERT_EVENTS.resume, { since: 4 });
    expect(socket.asked[0]?.payload).toEqual({ v: PROTOCOL_VERSION, since: 4 });
    socket.asked[0]?.answer(null, { ok: true, alerts: [] });
    await expect(served).resolves.toEqual({ ok: true, alerts: [] });

    const refused = request(CHAT_EVENTS.send, { channel: 'general', msg: 'hi', replyMsg: null });
    socket.asked[1]?.answer(null, socketRefusal('slow_mode', 1_795_000_012_000));
    await expect(refused).rejects.toMatchObject({
      reason: 'refused',
      event: CHAT_EVENTS.send,
      refusal: socketRefusal('slow_mode', 1_795_000_012_000),
    });

    const timedOut = request(ALERT_EVENTS.resume, { since: 4 });
    socket.asked[2]?.answer(new Error('operation has timed out'));
    await expect(outcome(timedOut)).resolves.toBe('timeout');

    // An ack outside core's schema for the event (an answer field missing, a code not in the
    // list) is not taken for served or for a refusal.
    const missing = request(ALERT_EVENTS.resume, { since: 4 });
    socket.asked[3]?.answer(null, { ok: true });
    await expect(missing).rejects.toMatchObject({ reason: 'unreadable', refusal: null });
    const unknownCode = request(CHAT_EVENTS.vote, { id: 1, value: 1 });
    socket.asked[4]?.answer(null, { ok: false, error: 'nope', message: 'x' });
    await expect(outcome(unknownCode)).resolves.toBe('unreadable');
    stop();
  });

  it('the event constrains the body and the answer (checked by tsc)', () => {
    // Never run: the calls below only have to type-check, or fail to.
    const typed = async () => {
      const resumed = await request(ALERT_EVENTS.resume, { since: 1 });
      resumed.alerts satisfies unknown[];
      const sent = await request(CHAT_EVENTS.send, { channel: 'c', msg: 'm', replyMsg: null });
      sent.id satisfies number;
      // @ts-expect-error alerts_resume's body has no channel
      await request(ALERT_EVENTS.resume, { channel: 'c' });
      // @ts-expect-error v is the socket's to add
      await request(QUOTE_EVENTS.subscribe, { v: PROTOCOL_VERSION });
    };
    expect(typeof typed).toBe('function');
  });

  it('a join refused for the protocol version says so in the console; other join failures are quiet', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const stop = listenSocket('quotes', () => {}, { join: [QUOTE_EVENTS.subscribe, {}] });
      const socket = last();
      socket.receive('connect');
      socket.asked[0]?.answer(null, socketRefusal('subscription_required'));
      socket.receive('disconnect', 'transport close');
      socket.receive('connect');
      socket.asked[1]?.answer(null, socketRefusal('protocol_version'));
      await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
      expect(errors).toHaveBeenCalledWith(
        `Live quotes_subscribe refused: ${socketRefusal('protocol_version').message}`,
      );
      stop();
    } finally {
      errors.mockRestore();
    }
  });
});
