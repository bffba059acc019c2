import type { ChatChannel } from '@tapeline/core';
import { ScrollRow } from '../../ui/ScrollRow.tsx';
import { chatText } from './chatText.ts';

/**
 * One tab per channel (spec §2); the selected one is pressed. When the tabs do not fit (a
 * 400 px pop-out), the side with more tabs fades and shows a cue that scrolls them into view.
 */
export function ChannelTabs({
  channels,
  selected,
  onSelect,
}: {
  channels: readonly ChatChannel[];
  selected: string | null;
  onSelect(id: string): void;
}) {
  return (
    <ScrollRow
      role="tablist"
      label={chatText.channels}
      listClassName="chat-tabs"
      moreLabel={chatText.moreChannels}
      earlierLabel={chatText.earlierChannels}
      watch={channels}
    >
      {channels.map((channel) => (
        <button
          key={channel.id}
          type="button"
          role="tab"
          aria-selected={channel.id === selected}
          className="chat-tab"
          onClick={() => onSelect(channel.id)}
        >
          {channel.label}
        </button>
      ))}
    </ScrollRow>
  );
}
