import type { DiscoveryDensity } from '@tapeline/core';
import { useCallback } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useOptionalSettingsStore } from '../../../lib/settings/useSettings.tsx';
import { ICON_SIZE, Rows3 } from '../../../ui/icons.ts';
import { discoveryText as text } from '../discoveryText.ts';

// Outside a SettingsProvider (a test's bare widget) nothing is saved: standard rows.
const unsaved = createStore(() => ({ status: 'ready' as const, config: { discoveryDensity: undefined } }));

/**
 * Discovery's row density (issue 27 item 11), saved per user with the dashboard config (debounced
 * like every setting) so the pop-out and every device follow it. Standard (the spec's 65 px) until
 * a trader turns compact on.
 */
export function useDiscoveryDensity(): [DiscoveryDensity, (density: DiscoveryDensity) => void] {
  const store = useOptionalSettingsStore();
  const density = useStore(store?.state ?? unsaved, (s) =>
    s.status === 'ready' ? (s.config.discoveryDensity ?? 'standard') : 'standard',
  );
  const save = useCallback(
    (next: DiscoveryDensity) => {
      store?.updateConfig((c) =>
        (c.discoveryDensity ?? 'standard') === next ? c : { ...c, discoveryDensity: next },
      );
    },
    [store],
  );
  return [density, save];
}

export function DensityToggle({
  density,
  onChange,
}: {
  density: DiscoveryDensity;
  onChange(density: DiscoveryDensity): void;
}) {
  const compact = density === 'compact';
  return (
    <button
      type="button"
      className="btn btn-secondary dv-density"
      aria-pressed={compact}
      aria-label={text.compact}
      title={compact ? text.compactOn : text.compactOff}
      onClick={() => onChange(compact ? 'standard' : 'compact')}
    >
      <Rows3 size={ICON_SIZE} aria-hidden="true" />
    </button>
  );
}
