import { isProPlus, PRO_PLUS_RANGE_KEYS, type StreamChannel, type StreamRangeKey } from '@tapeline/core';
import { useCallback } from 'react';
import { useUser } from '../../app/session.tsx';
import { useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { withRange, withSectors } from './channelConfig.ts';
import { IndustriesSetting } from './IndustriesSetting.tsx';
import { RangeSetting } from './RangeSetting.tsx';
import type { Range } from './rangeScale.ts';
import { settingsText } from './settingsText.ts';

const RANGE_LABELS: Readonly<Record<StreamRangeKey, string>> = {
  price: 'Price',
  volume: 'Volume',
  float: 'Float',
  count: 'Count',
  atr: 'ATR %',
  gap: 'GAP %',
};
const ORDER: readonly StreamRangeKey[] = ['price', 'volume', 'float', 'count', 'atr', 'gap'];

/** The filter channel's ranges and sectors (spec §3 Stream channel value). */
export function FilterSettings({ channel }: { channel: StreamChannel }) {
  const store = useSettingsStore();
  const proPlus = isProPlus(useUser().subscription);
  const id = channel.channel;
  const setRange = useCallback(
    (key: StreamRangeKey) => (range: Range) => store.updateConfig((c) => withRange(c, id, key, range)),
    [store, id],
  );

  return (
    <div className="filter-settings">
      <h3 className="settings-subtitle">{settingsText.filters}</h3>
      <div className="range-grid">
        {ORDER.map((key) => {
          const gated = PRO_PLUS_RANGE_KEYS.includes(key);
          return (
            <RangeSetting
              key={key}
              rangeKey={key}
              label={RANGE_LABELS[key]}
              range={channel.value[key]}
              onChange={setRange(key)}
              proPlus={gated}
              locked={gated && !proPlus}
            />
          );
        })}
      </div>
      <IndustriesSetting
        value={channel.value}
        onChange={(codes, shown) => store.updateConfig((c) => withSectors(c, id, codes, shown))}
      />
    </div>
  );
}
