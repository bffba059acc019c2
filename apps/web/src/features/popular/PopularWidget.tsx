import { useMemo } from 'react';
import { usePopular } from '../../lib/popularApi.ts';
import { pointRect } from '../../ui/placement.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { rectOf, useOpenSymbolMenu } from '../symbols/index.ts';
import { fontSizeForRank } from './popularRules.ts';
import { popularText } from './popularText.ts';
import { useBlinking } from './useBlinking.ts';
import './popular.css';

/** Up to 100 symbols traders look at now, sized by rank; a click counts toward popularity. */
export function PopularWidget({ id }: WidgetProps) {
  const popular = usePopular();
  const openMenu = useOpenSymbolMenu();
  const symbols = useMemo(() => popular.data?.map((p) => p.symbol), [popular.data]);
  const blinking = useBlinking(symbols);

  if (!symbols) {
    return (
      <div className="popular-widget popular-widget--state" data-testid={`popular-${id}`}>
        {popular.isError ? <p className="muted">{popularText.failed}</p> : <Spinner />}
      </div>
    );
  }
  if (symbols.length === 0) {
    return (
      <div className="popular-widget popular-widget--state" data-testid={`popular-${id}`}>
        <p className="muted popular-empty">{popularText.empty}</p>
      </div>
    );
  }
  return (
    <div className="popular-widget" data-testid={`popular-${id}`}>
      <ol className="popular-list" aria-label={popularText.list}>
        {symbols.map((symbol, index) => {
          const since = blinking.get(symbol);
          return (
            <li key={symbol}>
              <button
                type="button"
                className="popular-symbol"
                style={{ fontSize: `${fontSizeForRank(index + 1)}px` }}
                data-rank={index + 1}
                data-blinking={since !== undefined || undefined}
                aria-haspopup="menu"
                // Like every symbol: the menu opens on click or right-click, and the click counts.
                onClick={(event) => openMenu(symbol, rectOf(event.currentTarget), event.currentTarget)}
                onContextMenu={(event) => {
                  event.preventDefault();
                  openMenu(symbol, pointRect(event.clientX, event.clientY), event.currentTarget);
                }}
              >
                {/* A new key restarts the blink when the same symbol rises again. */}
                <span key={since ?? 0} className={since === undefined ? undefined : 'is-blinking'}>
                  {symbol}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
