import type { FeedLabel } from '@tapeline/core';
import { useStore } from 'zustand';
import { connectionStore } from '../../lib/connectionStatus.ts';
import { useFeedState, useMarketStatusFeed } from '../../lib/marketClock.ts';
import './feedBadge.css';
import { dashboardText as text } from './dashboardText.ts';

/**
 * What the market data is, as a trader needs it (SIMULATED, REPLAY, IEX (partial market), SIP,
 * DELAYED 15 MIN), whether the feed is stalled or down, and how far the tape runs behind when
 * that is more than 2 s (issue 23 §3). Nothing while the server names no feed. Mounted in the
 * dashboard's and a pop-out's bar, it keeps the tab's market clock fed (`market_status`).
 */
export function FeedBadge() {
  useMarketStatusFeed();
  const { feed, health, age, delayed } = useFeedState();
  // A dropped socket is the connection banner's to say; a connected one gone quiet is said here.
  const live = useStore(connectionStore, (s) => s.status) === 'live';
  return (
    <>
      {feed && <SourceBadge feed={feed} />}
      {feed && (health === 'stalled' || health === 'down') && (
        <span className="badge badge--feed-alarm" role="status" data-testid="feed-health">
          {health === 'stalled' ? text.feedStalled : text.feedDown}
        </span>
      )}
      {live && delayed !== null && (
        <span
          className="badge badge--feed-alarm"
          role="status"
          title={text.streamDelayedTitle}
          data-testid="stream-delayed"
        >
          {text.streamDelayed(delayed)}
        </span>
      )}
      {age !== null && (
        <span className="badge badge--age" role="status" title={text.dataAgeTitle} data-testid="data-age">
          {text.dataAge(age)}
        </span>
      )}
    </>
  );
}

function SourceBadge({ feed }: { feed: FeedLabel }) {
  if (feed !== 'SIMULATED') {
    return (
      <span className="badge badge--feed" title={text.feedTitle[feed]} data-testid="feed">
        {text.feedLabel[feed]}
      </span>
    );
  }
  return (
    <span className="badge badge--sim" title={text.simulatedTitle} data-testid="simulated">
      {/* The whole word everywhere; a phone's bar sets it smaller so it fits (dashboard.css). */}
      {text.simulated}
    </span>
  );
}
