import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useToast } from '../../ui/toast.tsx';
import { commitDrafts } from '../pendingDrafts.ts';
import { SETTINGS_PATHS, saveOnExit, settingsApi } from './settingsApi.ts';
import { SETTINGS_LOAD_DELAY_MS, type SettingsState, SettingsStore } from './settingsStore.ts';

const SettingsContext = createContext<SettingsStore | null>(null);

// Spec §4 counts the 2 s from the app's start, not from each visit to the dashboard.
const startedAt = Date.now();

/** One settings store per signed-in session, flushed when the page is hidden or left. */
export function SettingsProvider({
  children,
  persistLayouts = true,
}: {
  children: ReactNode;
  persistLayouts?: boolean;
}) {
  const toast = useToast();
  const store = useMemo(
    () =>
      new SettingsStore(
        {
          get: settingsApi.get,
          saveLayout: settingsApi.saveLayout,
          saveConfig: settingsApi.saveConfig,
          saveOnExit: (kind, body) =>
            saveOnExit(kind === 'layout' ? SETTINGS_PATHS.layout : SETTINGS_PATHS.config, body),
        },
        (message) => toast(message, { tone: 'error' }),
        persistLayouts,
      ),
    [toast, persistLayouts],
  );

  useEffect(() => {
    const wait = Math.max(0, startedAt + SETTINGS_LOAD_DELAY_MS - Date.now());
    const timer = setTimeout(() => void store.load(), wait);
    // A slider's change still in its 200 ms debounce goes into the store first, then out with it.
    const leave = () => {
      commitDrafts();
      store.flushOnExit();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      store.flush();
    };
  }, [store]);

  return <SettingsContext.Provider value={store}>{children}</SettingsContext.Provider>;
}

export function useSettingsStore(): SettingsStore {
  const store = useContext(SettingsContext);
  if (!store) throw new Error('useSettingsStore needs a SettingsProvider');
  return store;
}

/**
 * The store when the component sits inside a SettingsProvider (the dashboard and its pop-outs
 * always do), else null: for what works without saving, like a widget tested alone.
 */
export function useOptionalSettingsStore(): SettingsStore | null {
  return useContext(SettingsContext);
}

export function useSettings(): SettingsState {
  const store = useSettingsStore();
  return useStore(store.state);
}
