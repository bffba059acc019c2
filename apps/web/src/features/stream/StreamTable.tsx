import { useVirtualizer } from '@tanstack/react-virtual';
import { formatPrice, type StreamEntry } from '@tapeline/core';
import { type CSSProperties, memo, useMemo, useRef, useState } from 'react';
import { SymbolLink } from '../symbols/index.ts';
import { type MarkContext, marksOf } from './entryMarks.ts';
import { streamText as text } from './streamText.ts';

const ROW_PX = 22;

/**
 * Characters the Count and Last columns need for the rows the side holds, so each column is as
 * wide as its widest figure (never cut, issue 29) and Symbol takes the rest. At least 3 and 6.
 */
export function columnChars(rows: readonly StreamEntry[]): { count: number; last: number } {
  let count = 3;
  let last = 6;
  for (const row of rows) {
    count = Math.max(count, String(row.count).length);
    last = Math.max(last, formatPrice(row.last).length);
  }
  return { count, last };
}

const StreamRow = memo(function StreamRow({ row, marks }: { row: StreamEntry; marks: MarkContext }) {
  const { option, news } = marksOf(row, marks);
  return (
    <tr className={row.active ? 'is-active' : undefined}>
      {/* Marks are drawn by CSS so the cell's text stays the bare symbol (copy, tests, readers). */}
      <td
        className="sym"
        data-option={option || undefined}
        data-news={news || undefined}
        title={[option && text.hasOptions, news && text.recentNews].filter(Boolean).join(' · ') || undefined}
      >
        <SymbolLink symbol={row.symbol} />
      </td>
      <td className="num">{row.count}</td>
      <td className="num">{formatPrice(row.last)}</td>
    </tr>
  );
});

/**
 * One side of the stream: Symbol, Count, Last (spec §2 widget chrome). Up to 300 rows a side,
 * of which only those in view are in the DOM, so a 2-second flush repaints a screenful. While a
 * mouse rests over the rows they hold still (as trading tapes do): a click aimed at a symbol
 * lands on it, and the flushes that came meanwhile show when the pointer leaves.
 * Memoized: the widget's clock ticks every second and must not re-render the rows (issue 27 §1).
 * Not a deferred value: on a loaded machine the batches' urgent renders (4 a second) kept
 * restarting the deferred render, and React's work grew several-fold in the bench.
 */
export const StreamTable = memo(function StreamTable({
  title,
  rows,
  tone,
  marks,
}: {
  title: string;
  rows: StreamEntry[];
  tone: 'high' | 'low';
  marks: MarkContext;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The rows as they were when the mouse came in; null while no mouse is over them.
  const [held, setHeld] = useState<StreamEntry[] | null>(null);
  const shown = held ?? rows;
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
    getItemKey: (index) => shown[index]?.symbol ?? index,
  });
  const chars = useMemo(() => columnChars(shown), [shown]);
  const widths = { '--count-ch': chars.count, '--last-ch': chars.last } as CSSProperties;
  const items = virtual.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const caption = text.caption(tone);
  return (
    <div
      className={`stream-side stream-side--${tone}`}
      data-paused={held ? 'true' : undefined}
      style={widths}
    >
      <div className="stream-caption" aria-hidden="true">
        {caption}
        {held && <span className="stream-paused">{text.paused}</span>}
      </div>
      <div className="stream-cols" aria-hidden="true">
        <span>{text.symbol}</span>
        <span className="num">{text.count}</span>
        <span className="num">{text.last}</span>
      </div>
      <div
        className="stream-scroll"
        ref={scroller}
        onPointerEnter={(event) => {
          // Touch has no hover: a tap must not freeze the tape.
          if (event.pointerType === 'mouse') setHeld(rows);
        }}
        onPointerLeave={() => setHeld(null)}
      >
        <div style={{ paddingTop: top, paddingBottom: bottom }}>
          <table className="stream-table" aria-label={text.table(title)}>
            <caption className="visually-hidden">{caption}</caption>
            <colgroup>
              <col />
              <col className="col-count" />
              <col className="col-last" />
            </colgroup>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">{text.symbol}</th>
                <th scope="col">{text.count}</th>
                <th scope="col">{text.last}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const row = shown[item.index];
                return row ? <StreamRow key={row.symbol} row={row} marks={marks} /> : null;
              })}
            </tbody>
          </table>
        </div>
        {shown.length === 0 && <p className="stream-empty muted">{text.waiting(tone)}</p>}
      </div>
    </div>
  );
});
