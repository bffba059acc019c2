import { deviceAnswerSchema, pushKeyAnswerSchema } from '@tapeline/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { disablePush, enablePush, pushSupport, syncPush, usePushState } from './index.ts';
import { RESUBSCRIBED_MESSAGE, SERVICE_WORKER_URL } from './push.ts';

// The browser side is faked at the Web APIs the helpers use (navigator.serviceWorker,
// PushManager, Notification), the network at fetch: the helpers and the API client are real.

const SERVER_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))).toString(
  'base64url',
);
const keyBytes = (key: string) => new Uint8Array(Buffer.from(key, 'base64url'));

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer | null },
    private readonly manager: FakePushManager,
  ) {}
  toJSON(): PushSubscriptionJSON {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPub', auth: 'auth' } };
  }
  async unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    this.manager.current = null;
    return true;
  }
}

class FakePushManager {
  current: FakeSubscription | null = null;
  made = 0;
  async getSubscription() {
    return this.current;
  }
  async subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) {
    expect(options.userVisibleOnly).toBe(true);
    this.made += 1;
    const key = options.applicationServerKey.slice().buffer;
    this.current = new FakeSubscription(
      `https://push.example/send/${this.made}`,
      { applicationServerKey: key },
      this,
    );
    return this.current;
  }
}

interface Browser {
  manager: FakePushManager;
  registered: string[];
  permission: NotificationPermission;
  /** What the prompt answers. */
  answer: NotificationPermission;
  messages: ((event: MessageEvent) => void)[];
}

function installBrowser(): Browser {
  const browser: Browser = {
    manager: new FakePushManager(),
    registered: [],
    permission: 'default',
    answer: 'granted',
    messages: [],
  };
  const registration = { pushManager: browser.manager };
  const serviceWorker = {
    register: async (url: string) => {
      browser.registered.push(url);
      return registration;
    },
    get ready() {
      return Promise.resolve(registration);
    },
    getRegistration: async () => (browser.registered.length > 0 ? registration : undefined),
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') browser.messages.push(listener);
    },
    startMessages: () => {},
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.permission = browser.answer;
      return browser.answer;
    },
  });
  return browser;
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .on('GET /api/alerts/push/key', ok(pushKeyAnswerSchema, { publicKey: SERVER_KEY }))
    .on('POST /api/alerts/device/webpush', ok(deviceAnswerSchema, { success: true }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push in a browser without it', () => {
  it('is unsupported and asks nothing', async () => {
    expect(pushSupport()).toBe(false);
    const { result } = renderHook(() => usePushState());
    await waitFor(() => expect(result.current).toBe('unsupported'));
    expect(await enablePush()).toBe('unsupported');
    expect(api.requests).toEqual([]);
  });
});

describe('push helpers', () => {
  it('enablePush asks, registers the worker, subscribes with the server key and registers the subscription', async () => {
    const browser = installBrowser();
    const { result } = renderHook(() => usePushState());
    await waitFor(() => expect(result.current).toBe('off'));

    await act(async () => {
      expect(await enablePush()).toBe('on');
    });
    expect(result.current).toBe('on');
    expect(browser.registered).toEqual([SERVICE_WORKER_URL]);
    expect(
      new Uint8Array(browser.manager.current?.options.applicationServerKey ?? new ArrayBuffer(0)),
    ).toEqual(keyBytes(SERVER_KEY));
    expect(api.calls('POST /api/alerts/device/webpush').map((r) => r.body)).toEqual([
      { registration_id: JSON.stringify(browser.manager.current?.toJSON()) },
    ]);
  });

  it.each<[NotificationPermission, string]>([
    ['denied', 'denied'],
    ['default', 'off'],
  ])('enablePush answered %s by the prompt subscribes nothing', async (answer, state) => {
    const browser = installBrowser();
    browser.answer = answer;
    expect(await enablePush()).toBe(state);
    expect(browser.manager.made).toBe(0);
    expect(api.requests).toEqual([]);
  });

  it('replaces a subscription made with another server key', async () => {
    const browser = installBrowser();
    browser.permission = 'granted';
    const stale = new FakeSubscription(
      'https://push.example/old',
      { applicationServerKey: new ArrayBuffer(65) },
      browser.manager,
    );
    browser.manager.current = stale;
    expect(await enablePush()).toBe('on');
    expect(stale.unsubscribed).toBe(true);
    expect(browser.manager.current?.endpoint).toBe('https://push.example/send/1');
  });

  it('disablePush tells the server first, then unsubscribes', async () => {
    const browser = installBrowser();
    await enablePush();
    const endpoint = browser.manager.current?.endpoint;
    const { result } = renderHook(() => usePushState());
    await act(async () => {
      expect(await disablePush()).toBe('off');
    });
    expect(result.current).toBe('off');
    expect(api.calls('POST /api/alerts/device/webpush').at(-1)?.body).toEqual({
      registration_id: null,
      endpoint,
    });
    expect(browser.manager.current).toBeNull();
  });

  it('syncPush registers an existing subscription for the signed-in trader, and nothing when off', async () => {
    const browser = installBrowser();
    expect(await syncPush()).toBe('off');
    expect(api.requests).toEqual([]);
    await enablePush();
    const before = api.calls('POST /api/alerts/device/webpush').length;
    expect(await syncPush()).toBe('on');
    expect(api.calls('POST /api/alerts/device/webpush')).toHaveLength(before + 1);
    browser.permission = 'denied';
    expect(await syncPush()).toBe('denied');
  });

  it('registers the subscription the service worker renewed and forgets the old one', async () => {
    const browser = installBrowser();
    await enablePush();
    const renewed = {
      endpoint: 'https://push.example/renewed',
      expirationTime: null,
      keys: { p256dh: 'B2', auth: 'a2' },
    };
    for (const listener of browser.messages) {
      listener(
        new MessageEvent('message', {
          data: {
            type: RESUBSCRIBED_MESSAGE,
            subscription: renewed,
            oldEndpoint: 'https://push.example/send/1',
          },
        }),
      );
    }
    await waitFor(() => expect(api.calls('POST /api/alerts/device/webpush')).toHaveLength(3));
    expect(
      api
        .calls('POST /api/alerts/device/webpush')
        .map((r) => r.body)
        .slice(1),
    ).toEqual([
      { registration_id: JSON.stringify(renewed) },
      { registration_id: null, endpoint: 'https://push.example/send/1' },
    ]);
  });
});
