import { mergeStreams, type StreamChannelId, splitStreams } from '@tapeline/core';
import { IconMerge, IconSplit } from '../../ui/icons.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { hasSeveralChannels, isStreamWidget } from './streamChannel.ts';
import './streamToolbar.css';
import { streamText as text } from './streamText.ts';

/** Main/Alt toggles and split/merge, shown while the alt channel is switched on. */
export function StreamToolbar({ id, layout, config, mode, breakpoint, onLayoutChange }: WidgetProps) {
  if (!isStreamWidget(id) || !hasSeveralChannels(config)) return null;
  const selected = layout.streamSelectedChannel[id];
  const choose = (channel: StreamChannelId) =>
    onLayoutChange((l) => ({ ...l, streamSelectedChannel: { ...l.streamSelectedChannel, [id]: channel } }));
  const split = layout.menu.stream2;
  return (
    <>
      <fieldset className="seg" aria-label={text.channel}>
        {(['main', 'alt'] as const).map((channel) => (
          <button
            key={channel}
            type="button"
            className={selected === channel ? 'seg-btn is-on' : 'seg-btn'}
            aria-pressed={selected === channel}
            onClick={() => choose(channel)}
          >
            {channel === 'main' ? text.main : text.alt}
          </button>
        ))}
      </fieldset>
      {mode !== 'popout' && id === 'stream1' && (
        <button
          type="button"
          className="tool-btn"
          title={split ? text.mergeTitle : text.splitTitle}
          aria-label={split ? text.merge : text.split}
          disabled={layout.locked}
          onClick={() =>
            onLayoutChange((l) => (split ? mergeStreams(l, breakpoint) : splitStreams(l, breakpoint)))
          }
        >
          {split ? <IconMerge /> : <IconSplit />}
        </button>
      )}
    </>
  );
}
