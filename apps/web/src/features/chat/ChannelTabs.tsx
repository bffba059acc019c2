import type { ChatChannel } from '@tapeline/core';
import { chatText } from './chatText.ts';

/** One tab per channel (spec §2); the selected one is pressed. */
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
    <div className="chat-tabs" role="tablist" aria-label={chatText.channels}>
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
    </div>
  );
}
