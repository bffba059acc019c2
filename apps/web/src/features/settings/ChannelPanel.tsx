import { resetStreamChannels, type StreamChannelId, type StreamChannelType } from '@tapeline/core';
import { useId } from 'react';
import { useSettings, useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { CustomSymbols } from './CustomSymbols.tsx';
import { channelOf, channelTypeMessage, channelTypeOptions, withChannelType } from './channelConfig.ts';
import { FilterSettings } from './FilterSettings.tsx';
import { CHANNEL_TYPE_LABELS, settingsText } from './settingsText.ts';

/** One stream channel: its type, then the settings that type has (spec §4). */
export function ChannelPanel({ id }: { id: StreamChannelId }) {
  const { config } = useSettings();
  const store = useSettingsStore();
  const selectId = useId();
  const channel = channelOf(config, id);
  const message = channelTypeMessage(channel.type);

  const setType = (type: StreamChannelType) => {
    store.updateConfig((c) => withChannelType(c, id, type));
    // Spec §4: a channel set to none sends every stream of every layout back to main.
    if (type === 'none') store.updateLayouts(resetStreamChannels);
  };

  return (
    <div className="channel-panel" data-channel={id} data-type={channel.type}>
      <div className="setting-row">
        <div className="setting-text">
          <label htmlFor={selectId} className="setting-label">
            {settingsText.channelType}
          </label>
        </div>
        <select
          id={selectId}
          className="select"
          value={channel.type}
          onChange={(event) => setType(event.target.value as StreamChannelType)}
        >
          {channelTypeOptions(id).map((type) => (
            <option key={type} value={type}>
              {CHANNEL_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {message ? <p className="channel-message">{message}</p> : null}
      {channel.type === 'filter' ? <FilterSettings channel={channel} /> : null}
      {channel.type === 'custom' ? <CustomSymbols channel={channel} /> : null}
    </div>
  );
}
