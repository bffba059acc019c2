import { useEffect } from 'react';
import { STORAGE_PREFIX } from '../../lib/storageKeys.ts';
import { useToast } from '../../ui/toast.tsx';
import { HOME_SCREEN_HINT, HOME_SCREEN_HINT_MS, shouldSuggestHomeScreen } from './homeScreen.ts';

const SHOWN_KEY = `${STORAGE_PREFIX}homeScreenHint`;

function sessionFlag(): { read(): boolean; write(): void } {
  try {
    const store = window.sessionStorage;
    return { read: () => store.getItem(SHOWN_KEY) === '1', write: () => store.setItem(SHOWN_KEY, '1') };
  } catch {
    // Storage disabled: the toast may show again after a reload, which is harmless.
    return { read: () => false, write: () => undefined };
  }
}

/** On iPhone Safari, once per session, explains how to add the app to the Home Screen. */
export function HomeScreenHint() {
  const toast = useToast();
  useEffect(() => {
    const flag = sessionFlag();
    const standalone =
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      window.matchMedia('(display-mode: standalone)').matches;
    if (
      !shouldSuggestHomeScreen({ userAgent: navigator.userAgent, standalone, shownThisSession: flag.read() })
    )
      return;
    flag.write();
    toast(HOME_SCREEN_HINT, { tone: 'info', durationMs: HOME_SCREEN_HINT_MS });
  }, [toast]);
  return null;
}
