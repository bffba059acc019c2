import { defaultConfig, defaultLayouts, type Layout, messages, toggleMaximized } from '@tapeline/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SAVE_MS, LAYOUT_SAVE_MS, SettingsStore, type SettingsTransport } from './settingsStore.ts';

function transport(
  saved: { config: string | null; layout: string | null },
  fail: Partial<Record<string, boolean>> = {},
) {
  const calls = { layout: [] as Layout[][], config: [] as unknown[], exit: [] as [string, unknown][] };
  const t: SettingsTransport = {
    get: () => (fail.get ? Promise.reject(new Error('down')) : Promise.resolve(saved)),
    saveLayout: async (l) => {
      calls.layout.push(l);
      if (fail.layout) throw new Error('down');
    },
    saveConfig: async (c) => {
      calls.config.push(c);
    },
    saveOnExit: (kind, body) => calls.exit.push([kind, body]),
  };
  return { t, calls };
}

const flushPromises = () => new Promise((resolve) => setImmediate(resolve));

describe('the settings store', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('garbage saved settings become the defaults, written back at once', async () => {
    const { t, calls } = transport({ config: '{oops', layout: 'null' });
    const store = new SettingsStore(t, () => {});
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', config: defaultConfig() });
    expect(calls.layout).toEqual([defaultLayouts()]);
    expect(calls.config).toEqual([defaultConfig()]);
  });

  it('saved layouts come back as they were, and nothing is written', async () => {
    const layouts = defaultLayouts().map((l) => (l.active ? toggleMaximized(l, 'alerts') : l));
    const { t, calls } = transport({
      config: JSON.stringify(defaultConfig()),
      layout: JSON.stringify(layouts),
    });
    const store = new SettingsStore(t, () => {});
    await store.load();
    expect(store.getSnapshot().layouts).toEqual(layouts);
    expect(calls.layout).toHaveLength(0);
  });

  it('three quick layout changes make one save, a second after the last', async () => {
    const { t, calls } = transport({ config: null, layout: JSON.stringify(defaultLayouts()) });
    const store = new SettingsStore(t, () => {});
    await store.load();
    calls.config.length = 0;
    for (const w of ['alerts', 'popular', 'news'] as const)
      store.updateLayouts((all) => all.map((l) => (l.active ? toggleMaximized(l, w) : l)));
    vi.advanceTimersByTime(LAYOUT_SAVE_MS - 1);
    expect(calls.layout).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls.layout).toHaveLength(1);
    expect(calls.layout[0]?.find((l) => l.active)?.maximized).toBe('news');
  });

  it('leaving the page sends what waits for its debounce with keepalive, once', async () => {
    const { t, calls } = transport({
      config: JSON.stringify(defaultConfig()),
      layout: JSON.stringify(defaultLayouts()),
    });
    const store = new SettingsStore(t, () => {});
    await store.load();
    store.updateConfig((c) => ({ ...c, optionsMode: 'filter' }));
    vi.advanceTimersByTime(CONFIG_SAVE_MS - 500);
    store.flushOnExit();
    expect(calls.exit).toEqual([['config', { config: { ...defaultConfig(), optionsMode: 'filter' } }]]);
    vi.advanceTimersByTime(CONFIG_SAVE_MS);
    expect(calls.config).toHaveLength(0);
  });

  it('a failed load toasts and runs on defaults without writing; a failed save toasts', async () => {
    const toasts: string[] = [];
    const down = transport({ config: null, layout: null }, { get: true });
    const store = new SettingsStore(down.t, (m) => toasts.push(m));
    await store.load();
    expect(toasts).toEqual([messages.settingsLoadFailed]);
    expect(down.calls.layout).toHaveLength(0);

    const failing = transport({ config: null, layout: JSON.stringify(defaultLayouts()) }, { layout: true });
    const other = new SettingsStore(failing.t, (m) => toasts.push(m));
    await other.load();
    other.updateLayouts((all) => all.map((l) => ({ ...l })));
    vi.advanceTimersByTime(LAYOUT_SAVE_MS);
    await flushPromises();
    expect(toasts).toContain(messages.layoutSaveFailed);
  });

  it('a pop-out window never saves the layout it shows', async () => {
    const { t, calls } = transport({ config: null, layout: null });
    const store = new SettingsStore(t, () => {}, false);
    await store.load();
    store.updateLayouts((all) => all.map((l) => ({ ...l })));
    vi.advanceTimersByTime(LAYOUT_SAVE_MS * 2);
    expect(calls.layout).toHaveLength(0);
  });
});
