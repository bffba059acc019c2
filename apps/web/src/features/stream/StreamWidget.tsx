import { type ChannelContext, type DashboardConfig, isProPlus, messages } from '@tapeline/core';
import { useMemo } from 'react';
import { useUser } from '../../app/session.tsx';
import { useConnectionStatus } from '../../lib/connectionStatus.ts';
import { useMarketNow } from '../../lib/marketClock.ts';
import { usePopular } from '../../lib/popularApi.ts';
import { useQuoteSymbols } from '../../lib/quotesApi.ts';
import { useOptionableSet, useSectorMap } from '../../lib/referenceData.ts';
import { useToast } from '../../ui/toast.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { EventStrips } from './EventStrips.tsx';
import { type MarkContext, passesOptionsMode } from './entryMarks.ts';
import { formatCountdown, marketClock } from './marketClock.ts';
import { StreamTable } from './StreamTable.tsx';
import { isStreamWidget, selectedChannel } from './streamChannel.ts';
import { useLiveStream } from './useLiveStream.ts';
import './stream.css';
import { streamText as text } from './streamText.ts';

/** A tape that delivered a batch this recently counts as live even when the wall clock says closed. */
const LIVE_WINDOW_MS = 10_000;

function useChannelContext(config: DashboardConfig): ChannelContext {
  const { subscription } = useUser();
  const popular = usePopular();
  const sectors = useSectorMap();
  const optionable = useOptionableSet();
  // The trader's quotes, from the shared query: the fav channel works with no Quote widget shown.
  const favoriteSymbols = useQuoteSymbols();
  const proPlus = isProPlus(subscription);
  const optionsMode = config.optionsMode;
  return useMemo(
    () => ({
      popular: new Set((popular.data ?? []).map((p) => p.symbol)),
      favorites: new Set(favoriteSymbols),
      sectorOf: (symbol: string) => sectors?.get(symbol),
      proPlus,
      accepts: (symbol: string) => passesOptionsMode(symbol, { optionable, optionsMode }),
    }),
    [popular.data, favoriteSymbols, proPlus, sectors, optionable, optionsMode],
  );
}

/** A Stream widget: new highs and lows of its channel side by side, halts and unusual volume above, market-closed state. */
export function StreamWidget({ id, layout, config }: WidgetProps) {
  const channel = selectedChannel(isStreamWidget(id) ? id : 'stream1', layout, config);
  const ctx = useChannelContext(config);
  const optionable = useOptionableSet();
  const { view, loading, lastSeq, lastBatchAt, recentLoaded, loadRecent } = useLiveStream(
    channel,
    ctx,
    config.optionsMode,
  );
  const toast = useToast();
  // While the socket is down the rows stay, dimmed: what was true a moment ago, not live.
  const connection = useConnectionStatus();
  // The market's clock, as the server says it (lib/marketClock.ts): never the browser's.
  const { market: now, local, known } = useMarketNow(1000);
  const clock = marketClock(now);
  // Marks change with the minute at most; the rows re-render only when these settings do.
  const minute = Math.floor(now / 60_000);
  const marks = useMemo<MarkContext>(
    () => ({ optionable, optionsMode: config.optionsMode, news: config.news, now: minute * 60_000 }),
    [optionable, config.optionsMode, config.news, minute],
  );
  const live = local - lastBatchAt < LIVE_WINDOW_MS;
  const closed = known && !clock.open && !live && !recentLoaded;

  // Every Stream widget of the tab refills (one request per channel); one toast says a failure.
  const onLoadRecent = () => {
    loadRecent().catch(() => toast(messages.recentStreamFailed, { tone: 'error' }));
  };

  return (
    <div
      className="stream-widget"
      data-testid={`stream-${id}`}
      data-channel={channel.channel}
      data-recent={loading ? 'loading' : 'shown'}
      data-seq={lastSeq}
      data-stale={connection === 'reconnecting' || undefined}
    >
      <EventStrips halts={view.halts} uvols={view.uvols} now={now} filter={config.halts} />
      {closed ? (
        <div className="market-closed">
          <p className="market-closed__title">{text.marketClosed}</p>
          <p className="market-closed__countdown">{text.opensIn(formatCountdown(clock.opensInMs))}</p>
          <button type="button" className="btn btn-secondary" onClick={onLoadRecent}>
            {text.loadRecent}
          </button>
        </div>
      ) : (
        <div className="stream-sides">
          <StreamTable title={text.high} rows={view.highs} tone="high" marks={marks} />
          <StreamTable title={text.low} rows={view.lows} tone="low" marks={marks} />
        </div>
      )}
    </div>
  );
}
