import type { StreamChannelId } from '@tapeline/core';
import { useSettings } from '../../lib/settings/useSettings.tsx';
import { ChannelPanel } from './ChannelPanel.tsx';
import { CHANNEL_IDS } from './settingsTabs.ts';
import { settingsText } from './settingsText.ts';
import { TabBar } from './TabBar.tsx';

const DEFAULT_TITLES: Readonly<Record<StreamChannelId, string>> = { main: 'Main', alt: 'Alt' };

/** Spec §2 Stream: one sub-tab per channel. */
export function StreamTab({
  channel,
  onChannel,
}: {
  channel: StreamChannelId;
  onChannel: (id: StreamChannelId) => void;
}) {
  const { config } = useSettings();
  const labels = Object.fromEntries(
    CHANNEL_IDS.map((id) => [id, config.stream.find((c) => c.channel === id)?.title || DEFAULT_TITLES[id]]),
  ) as Record<StreamChannelId, string>;

  return (
    <div className="stream-settings">
      <TabBar
        label={settingsText.channels}
        tabs={CHANNEL_IDS}
        labels={labels}
        current={channel}
        onSelect={onChannel}
        idPrefix="settings-channel"
        className="subtabs"
      />
      <div id="settings-channel-panel" role="tabpanel" aria-labelledby={`settings-channel-tab-${channel}`}>
        {/* Keyed: a channel's drafts never leak into the other one. */}
        <ChannelPanel key={channel} id={channel} />
      </div>
    </div>
  );
}
