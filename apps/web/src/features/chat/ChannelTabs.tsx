import type { ChatChannel } from '@tapeline/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chatText } from './chatText.ts';

/** How far one press of a scroll cue moves the tabs: most of the visible width. */
const PAGE = 0.8;

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
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the tabs change.
  useLayoutEffect(measure, [channels, measure]);
  useEffect(() => {
    const el = list.current;
    const observer = typeof ResizeObserver === 'undefined' || !el ? null : new ResizeObserver(measure);
    if (el) observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [measure]);
  const page = (direction: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    el.scrollLeft += direction * Math.max(60, el.clientWidth * PAGE);
    measure();
  };

  return (
    <div
      className="chat-tabs-wrap"
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
    >
      {more.before && (
        <button
          type="button"
          className="chat-tabs__cue"
          aria-label={chatText.earlierChannels}
          onClick={() => page(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <div className="chat-tabs" role="tablist" aria-label={chatText.channels} ref={list} onScroll={measure}>
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
      {more.after && (
        <button
          type="button"
          className="chat-tabs__cue"
          aria-label={chatText.moreChannels}
          onClick={() => page(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      )}
    </div>
  );
}
