import {
  type DashboardConfig,
  dashboardConfigSchema,
  defaultConfig,
  defaultLayouts,
  type Layout,
  messages,
  parseLayouts,
} from '@tapeline/core';
import { createStore } from 'zustand/vanilla';
import { debounced } from '../debounce.ts';

export const LAYOUT_SAVE_MS = 1000;
export const CONFIG_SAVE_MS = 2000;
/** Spec §4: settings are loaded 2 s after start. */
export const SETTINGS_LOAD_DELAY_MS = 2000;

export interface SettingsState {
  status: 'loading' | 'ready';
  layouts: Layout[];
  config: DashboardConfig;
}

export interface SettingsTransport {
  get(): Promise<{ config: string | null; layout: string | null }>;
  saveLayout(layouts: Layout[]): Promise<unknown>;
  saveConfig(config: DashboardConfig): Promise<unknown>;
  /** Fire-and-forget save while the page is being left. */
  saveOnExit(kind: 'layout' | 'config', body: unknown): void;
}

function parseConfig(json: string | null): DashboardConfig | null {
  if (!json) return null;
  try {
    const parsed = dashboardConfigSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The trader's layouts and dashboard config: loaded once, changed locally at once, saved
 * after a quiet second (layout) or two (config), flushed when the page is left.
 */
export class SettingsStore {
  /** What components read (`useStore(store.state)`); changed only through the methods below. */
  readonly state = createStore<SettingsState>(() => ({
    status: 'loading',
    layouts: defaultLayouts(),
    config: defaultConfig(),
  }));
  private readonly layoutSave;
  private readonly configSave;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly transport: SettingsTransport,
    private readonly onError: (message: string) => void,
    /** A pop-out window shows the layout but leaves saving it to the dashboard that owns it. */
    private readonly persistLayouts = true,
  ) {
    this.layoutSave = debounced(() => this.saveLayouts(), LAYOUT_SAVE_MS);
    this.configSave = debounced(() => this.saveConfig(), CONFIG_SAVE_MS);
  }

  getSnapshot = (): SettingsState => this.state.getState();

  private set(next: Partial<SettingsState>): void {
    this.state.setState(next);
  }

  /** Loads once; unparsable or missing parts become the defaults and are written back. */
  load(): Promise<void> {
    this.loading ??= this.transport.get().then(
      (saved) => {
        const layouts = parseLayouts(saved.layout);
        const config = parseConfig(saved.config);
        this.set({
          status: 'ready',
          layouts: layouts ?? defaultLayouts(),
          config: config ?? defaultConfig(),
        });
        if (!layouts && this.persistLayouts) this.saveLayouts();
        if (!config) this.saveConfig();
      },
      () => {
        this.onError(messages.settingsLoadFailed);
        // The dashboard still works on defaults; nothing is written over what may be saved.
        this.set({ status: 'ready' });
        this.loading = null;
      },
    );
    return this.loading;
  }

  updateLayouts(change: (layouts: Layout[]) => Layout[]): void {
    const layouts = change(this.getSnapshot().layouts);
    if (layouts === this.getSnapshot().layouts) return;
    this.set({ layouts });
    if (this.persistLayouts) this.layoutSave.schedule();
  }

  updateConfig(change: (config: DashboardConfig) => DashboardConfig): void {
    const config = change(this.getSnapshot().config);
    if (config === this.getSnapshot().config) return;
    this.set({ config });
    this.configSave.schedule();
  }

  /** The page is being left: send whatever is still waiting for its debounce. */
  flushOnExit(): void {
    if (this.layoutSave.pending) {
      this.layoutSave.cancel();
      this.transport.saveOnExit('layout', { layout: this.getSnapshot().layouts });
    }
    if (this.configSave.pending) {
      this.configSave.cancel();
      this.transport.saveOnExit('config', { config: this.getSnapshot().config });
    }
  }

  /** Sends pending saves now (tests; leaving the dashboard inside the app). */
  flush(): void {
    this.layoutSave.flush();
    this.configSave.flush();
  }

  private saveLayouts(): void {
    this.transport
      .saveLayout(this.getSnapshot().layouts)
      .catch(() => this.onError(messages.layoutSaveFailed));
  }

  private saveConfig(): void {
    this.transport.saveConfig(this.getSnapshot().config).catch(() => this.onError(messages.configSaveFailed));
  }
}
