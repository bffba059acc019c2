import { type SectorChoice, TIMEFRAME_IDS, type TimeframeId } from '@tapeline/core';
import type { ReactNode } from 'react';
import { ICON_SIZE, RefreshCw, Star } from '../../../ui/icons.ts';
import { discoveryText as text } from '../discoveryText.ts';
import { SectorPicker } from './SectorPicker.tsx';

export interface DiscoveryToolbarProps {
  sectors: readonly number[];
  onSector(choice: SectorChoice): void;
  tf: TimeframeId;
  onTimeframe(tf: TimeframeId): void;
  /** The smart-filter picker (features/discovery/filters). */
  filterPicker: ReactNode;
  favourites: boolean;
  onFavourites(on: boolean): void;
  search: string;
  onSearch(query: string): void;
  /** CSV of the first 1000 rows; `full` (Pro Plus) of every row. */
  onCsv(full: boolean): void;
  fullExport: boolean;
  refresh: { countdown: number; refreshing: boolean; canRefresh: boolean; onRefresh(): void };
  /** Controls other parts of Discovery add (the live toggle). */
  children?: ReactNode;
}

/**
 * The Discovery toolbar (spec §2): sector, timeframe and smart-filter pickers, the favourites
 * toggle, symbol search, CSV download and the refresh button with its 30-second countdown.
 */
export function DiscoveryToolbar(p: DiscoveryToolbarProps) {
  const { countdown, refreshing, canRefresh, onRefresh } = p.refresh;
  return (
    <div className="dv-toolbar" role="toolbar" aria-label={text.tools}>
      <SectorPicker selected={p.sectors} onChoose={p.onSector} />
      <select
        className="dv-select"
        aria-label={text.timeframe}
        value={p.tf}
        onChange={(e) => p.onTimeframe(e.target.value as TimeframeId)}
      >
        {TIMEFRAME_IDS.map((tf) => (
          <option key={tf} value={tf}>
            {tf}
          </option>
        ))}
      </select>
      {p.filterPicker}
      <button
        type="button"
        className="btn btn-secondary dv-fav"
        aria-pressed={p.favourites}
        aria-label={text.favourites}
        title={text.favouritesTitle}
        onClick={() => p.onFavourites(!p.favourites)}
      >
        <Star size={ICON_SIZE} aria-hidden="true" />
        <span className="dv-wide-only" aria-hidden="true">
          {text.favourites}
        </span>
      </button>
      <input
        type="search"
        className="dv-search"
        aria-label={text.search}
        placeholder={text.searchPlaceholder}
        value={p.search}
        maxLength={12}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => p.onSearch(e.target.value.toUpperCase())}
      />
      <button type="button" className="btn btn-secondary" onClick={() => p.onCsv(false)}>
        {text.csv}
      </button>
      {p.fullExport && (
        <button type="button" className="btn btn-secondary" onClick={() => p.onCsv(true)}>
          {text.fullCsv}
        </button>
      )}
      {p.children}
      <button
        type="button"
        className="btn btn-secondary dv-refresh"
        aria-label={refreshing ? text.refreshing : text.refresh(countdown)}
        aria-busy={refreshing}
        disabled={refreshing || !canRefresh}
        title={canRefresh ? undefined : text.refreshLimit}
        onClick={onRefresh}
      >
        <RefreshCw size={ICON_SIZE} className={refreshing ? 'dv-spin' : undefined} aria-hidden="true" />{' '}
        <span data-testid="discovery-countdown">{refreshing ? '…' : `${countdown}s`}</span>
      </button>
    </div>
  );
}

/** Saves text as a file through the browser's download. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
