import {
  type DashboardConfig,
  type DiscoveryColumnId,
  type DiscoveryDisplay,
  type DiscoveryDisplayRow,
  discoveryMessages,
  formatPrice,
  type StreamEntry,
} from '@tapeline/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { marksOf } from '../../stream/index.ts';
import { SymbolLink } from '../../symbols/index.ts';
import { discoveryText as text } from '../discoveryText.ts';
import { abbreviate, dollars, fixed2, percent, toneOf } from './cellFormat.ts';
import { ActionsCell, MoneyFlowButton, TrendCell, VolumeHistoryButton } from './PopupCells.tsx';

export interface CellContext {
  /** % or $ for the Last, ATR and Gap columns (config.discovery). */
  display: (column: DiscoveryColumnId) => DiscoveryDisplay;
  news: DashboardConfig['news'];
  /** The minute the news marks are judged at. */
  now: number;
}

const NO_OPTIONS: ReadonlySet<string> = new Set();

/** The stream's news-mark rule, read for a Discovery row (its `n` is the latest news time). */
function hasRecentNews(row: DiscoveryDisplayRow, ctx: CellContext): boolean {
  // The row has one news time, so it stands for both of the stream's (with and without filings).
  const entry = { symbol: row.symbol, newsTime: row.news, storyTime: row.news } as StreamEntry;
  return marksOf(entry, { optionable: NO_OPTIONS, optionsMode: 'off', news: ctx.news, now: ctx.now }).news;
}

/** A main value with its change under it (Last, Volume, Money Flow). */
function Pair({ main, sub, tone }: { main: string; sub: string; tone?: 'up' | 'down' | undefined }) {
  return (
    <>
      <span className="dv-main">{main}</span>
      <span className="dv-sub" data-tone={tone}>
        {sub}
      </span>
    </>
  );
}

function Signed({ value, text }: { value: number | null; text: string }) {
  return <span data-tone={toneOf(value)}>{text}</span>;
}

/** What one cell shows; the Symbol and Actions cells are drawn by the table itself. */
export function cellContent(id: DiscoveryColumnId, r: DiscoveryDisplayRow, ctx: CellContext): ReactNode {
  switch (id) {
    case 'symbol':
      return <SymbolCell row={r} ctx={ctx} />;
    case 'price_dist': {
      const dollarsShown = ctx.display('price_dist') === '$';
      const change = dollarsShown ? r.dollar_dist : r.price_dist;
      return (
        <Pair
          main={formatPrice(r.last)}
          sub={dollarsShown ? dollars(change, r.last) : percent(change)}
          tone={toneOf(change)}
        />
      );
    }
    case 'volume':
      return (
        <VolumeHistoryButton symbol={r.symbol}>
          <Pair main={abbreviate(r.volume)} sub={percent(r.volume_dist)} tone={toneOf(r.volume_dist)} />
        </VolumeHistoryButton>
      );
    case 'moneyflow':
      return (
        <MoneyFlowButton symbol={r.symbol}>
          <Pair
            main={abbreviate(r.moneyflow)}
            sub={percent(r.moneyflow_dist)}
            tone={toneOf(r.moneyflow_dist)}
          />
        </MoneyFlowButton>
      );
    case 'float':
      return abbreviate(r.float);
    case 'momentum':
      return <Signed value={r.momentum} text={String(r.momentum)} />;
    case 'uVol':
      return <Signed value={r.uVol} text={percent(r.uVol)} />;
    case 'vWapDist':
      return <Signed value={r.vWapDist} text={percent(r.vWapDist)} />;
    case 'short_ratio':
      return fixed2(r.short_ratio);
    case 'squeeze':
      return (
        <span data-squeeze={squeezeState(r.squeeze)}>{r.squeeze === '-' ? '-' : String(r.squeeze)}</span>
      );
    case 'atr':
      return ctx.display('atr') === '$'
        ? dollars(r.atr_dollar_dist, r.last).replace('+', '')
        : percent(r.atr).replace('+', '');
    case 'trend':
      return (
        <TrendCell row={r}>
          {r.trend === null ? (
            '-'
          ) : (
            <span className="dv-trend" data-tone={r.trend[0] > 0 ? 'up' : 'down'}>
              {r.trend[0] > 0 ? 'BUY' : 'SELL'} <span className="dv-sub">{formatPrice(r.trend[1])}</span>
            </span>
          )}
        </TrendCell>
      );
    case 'rs':
      return <Signed value={r.rs} text={percent(r.rs)} />;
    case 'gap':
      return ctx.display('gap') === '$' ? (
        <Signed value={r.gap} text={dollars(r.gap, r.last)} />
      ) : (
        <Signed value={r.gap_percent_dist} text={percent(r.gap_percent_dist)} />
      );
    case 'actions':
      return <ActionsCell row={r} />;
  }
}

function squeezeState(z: number | '-'): string | undefined {
  if (z === '-') return undefined;
  return z === 0 ? 'now' : z > 0 ? 'pre' : 'post';
}

/** The symbol with its context menu and hover card, and the news and trending marks. */
function SymbolCell({ row, ctx }: { row: DiscoveryDisplayRow; ctx: CellContext }) {
  const news = hasRecentNews(row, ctx);
  return (
    <span className="dv-symbol">
      <SymbolLink symbol={row.symbol} />
      {news && (
        <span className="dv-mark dv-mark--news" title={text.newsTitle} role="img" aria-label={text.news}>
          N
        </span>
      )}
      {row.trending && (
        <span
          className="dv-mark dv-mark--trending"
          title={text.trending}
          role="img"
          aria-label={text.trending}
        >
          ▲
        </span>
      )}
    </span>
  );
}

/** A column the plan may not see: its header offers the upgrade, leading to the plan page. */
export function UpgradeButton({ column }: { column: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="dv-upgrade"
      aria-label={text.upgradeColumn(column)}
      onClick={(event) => {
        event.stopPropagation();
        navigate(discoveryMessages.upgradePath);
      }}
    >
      {text.upgrade}
    </button>
  );
}
