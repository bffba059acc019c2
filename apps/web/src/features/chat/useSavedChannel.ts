import { useCallback } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useOptionalSettingsStore } from '../../lib/settings/useSettings.tsx';

// Outside a SettingsProvider nothing is saved: the channel lives as long as the widget.
const unsaved = createStore(() => ({ status: 'ready' as const, config: { chatChannel: undefined } }));

/**
 * The channel Chat reopens on (issue 27 item 5): the one the trader last chose, saved per user
 * with the dashboard config (debounced like every setting). Undefined until the settings have
 * loaded, or when none was ever chosen: the first channel then.
 */
export function useSavedChannel(): [string | undefined, (channel: string) => void] {
  const store = useOptionalSettingsStore();
  const saved = useStore(store?.state ?? unsaved, (s) =>
    s.status === 'ready' ? s.config.chatChannel : undefined,
  );
  const save = useCallback(
    (channel: string) => {
      store?.updateConfig((c) => (c.chatChannel === channel ? c : { ...c, chatChannel: channel }));
    },
    [store],
  );
  return [saved, save];
}
