import {
  canOpenDiscovery,
  columnLockedFor,
  csvOf,
  DEFAULT_DISCOVERY_SORT,
  DISCOVERY_COLUMNS,
  DISCOVERY_DEFAULT_TIMEFRAME,
  DISCOVERY_INDEX_START,
  DISCOVERY_INDEX_STEP,
  type DiscoveryAccess,
  type DiscoveryColumnId,
  type DiscoverySort,
  discoveryAccess,
  discoveryMessages,
  displayOf,
  fullExportAllowed,
  nextSort,
  normalizeDiscoveryColumns,
  type SectorChoice,
  type SortableColumnId,
  type TimeframeId,
  toggleSector,
  toggleWidget,
} from '@tapeline/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUser } from '../../app/session.tsx';
import { useMarketMinute } from '../../lib/marketClock.ts';
import { useQuoteSymbols } from '../../lib/quotesApi.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { useSearchStats } from '../search/index.ts';
import { discoveryText as text } from './discoveryText.ts';
import { DiscoveryFilterPicker } from './filters/DiscoveryFilterPicker.tsx';
import { useDiscoveryFilter } from './filters/useDiscoveryFilter.ts';
import { LiveToggle, useLiveMode } from './live/LiveToggle.tsx';
import type { CellContext } from './table/cells.tsx';
import { DiscoveryTable } from './table/DiscoveryTable.tsx';
import { visibleRows } from './table/visibleRows.ts';
import { DensityToggle, useDiscoveryDensity } from './toolbar/DensityToggle.tsx';
import { DiscoveryToolbar, downloadText } from './toolbar/DiscoveryToolbar.tsx';
import { useDiscoveryData } from './useDiscoveryData.ts';
import './discovery.css';

/**
 * The Discovery screener (discovery spec §2): the toolbar over the virtualised table. A plan
 * that may not open Discovery never fetches (the data host would refuse it anyway): it is asked
 * to upgrade instead.
 */
export function DiscoveryWidget(props: WidgetProps) {
  const { subscription } = useUser();
  if (!canOpenDiscovery(subscription)) return <UpgradeNotice {...props} />;
  return <Discovery {...props} access={discoveryAccess(subscription)} />;
}

/** The §8 question in the tile: OK goes to the plans; Cancel hides the tile (unlocked layouts). */
function UpgradeNotice({ layout, onLayoutChange }: WidgetProps) {
  const navigate = useNavigate();
  return (
    <div className="dv-upgrade-notice" data-testid="discovery-upgrade">
      <p>{discoveryMessages.upgrade}</p>
      <div className="modal-actions">
        {!layout.locked && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => onLayoutChange((l) => (l.locked ? l : toggleWidget(l, 'DISCOVERY')))}
          >
            {text.cancel}
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate(discoveryMessages.upgradePath)}
        >
          {text.ok}
        </button>
      </div>
    </div>
  );
}

function Discovery({ config, access }: WidgetProps & { access: DiscoveryAccess }) {
  const [tf, setTf] = useState<TimeframeId>(DISCOVERY_DEFAULT_TIMEFRAME);
  const [sectors, setSectors] = useState<number[]>([]);
  const [favouritesOn, setFavouritesOn] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DiscoverySort>(DEFAULT_DISCOVERY_SORT);
  const [index, setIndex] = useState(DISCOVERY_INDEX_START);
  const [live, setLive] = useLiveMode();
  const [density, setDensity] = useDiscoveryDensity();
  // Live mode ended by the server (the plan changed): back to the 30 s refresh, which says why.
  const data = useDiscoveryData(tf, live, () => setLive(false));
  const favouriteSymbols = useQuoteSymbols();
  const smart = useDiscoveryFilter();
  const stats = useSearchStats();
  const minute = useMarketMinute();

  const columns = useMemo(() => normalizeDiscoveryColumns(config.discovery), [config.discovery]);
  const hidden = useMemo(
    () => new Set<string>(columns.filter((c) => c.hidden).map((c) => c.column)),
    [columns],
  );
  const locked = useMemo(
    () => new Set<string>(DISCOVERY_COLUMNS.filter((c) => columnLockedFor(c.id, access)).map((c) => c.id)),
    [access],
  );
  const favourites = useMemo(
    () => (favouritesOn ? new Set(favouriteSymbols) : null),
    [favouritesOn, favouriteSymbols],
  );
  const rows = useMemo(
    () => visibleRows(data.rows, { sectors, favourites, search, smart: smart.active }, sort, columns),
    [data.rows, sectors, favourites, search, smart.active, sort, columns],
  );
  const shown = useMemo(() => rows.slice(0, index), [rows, index]);
  const cell = useMemo<CellContext>(
    () => ({
      display: (column: DiscoveryColumnId) => displayOf(columns, column),
      news: config.news,
      now: minute,
    }),
    [columns, config.news, minute],
  );

  const clearFilters = () => {
    setSectors([]);
    setFavouritesOn(false);
    smart.clear();
    setSearch('');
    stats.typed('');
    setSort(DEFAULT_DISCOVERY_SORT);
  };
  const onSearch = (query: string) => {
    setSearch(query);
    stats.typed(query);
  };
  const onCsv = (full: boolean) => downloadText(`discovery-${tf}.csv`, csvOf(rows, columns, access, full));

  const noResults = data.rows.length > 0 && rows.length === 0;
  return (
    <div className="dv-widget" data-testid="discovery" data-access={access} data-density={density}>
      <DiscoveryToolbar
        sectors={sectors}
        onSector={(choice: SectorChoice) => setSectors((s) => toggleSector(s, choice))}
        tf={tf}
        onTimeframe={setTf}
        filterPicker={<DiscoveryFilterPicker alertContext={{ sectors, timeframe: tf }} />}
        favourites={favouritesOn}
        onFavourites={setFavouritesOn}
        search={search}
        onSearch={onSearch}
        onCsv={onCsv}
        fullExport={fullExportAllowed(access)}
        refresh={{
          countdown: data.countdown,
          refreshing: data.refreshing,
          canRefresh: data.canRefresh,
          onRefresh: data.refresh,
        }}
      >
        <DensityToggle density={density} onChange={setDensity} />
        <LiveToggle live={live} onToggle={setLive} />
      </DiscoveryToolbar>
      {data.error !== null && (
        <p className="dv-error" role="alert">
          {data.error}
        </p>
      )}
      {data.loading && data.rows.length === 0 ? (
        <div className="dv-loading">
          <Spinner />
        </div>
      ) : (
        <DiscoveryTable
          rows={shown}
          density={density}
          sort={sort}
          onSort={(column: SortableColumnId) => setSort((s) => nextSort(s, column))}
          hidden={hidden}
          locked={locked}
          cell={cell}
          onReachEnd={() => setIndex((i) => (i < rows.length ? i + DISCOVERY_INDEX_STEP : i))}
          empty={
            noResults ? (
              <div className="dv-empty" data-testid="discovery-empty">
                <p>{discoveryMessages.noResults}</p>
                <button type="button" className="btn btn-primary" onClick={clearFilters}>
                  {discoveryMessages.clearFilters}
                </button>
              </div>
            ) : null
          }
        />
      )}
    </div>
  );
}
