import type { HaltsStrip, StreamEntry } from '@tapeline/core';
import { memo } from 'react';
import { nyClock } from '../../lib/nyTime.ts';
import { SymbolLink } from '../symbols/index.ts';
import { HALTS_STRIP_MAX as STRIP_MAX, visibleHalts } from './haltsStrip.ts';
import { streamText as text } from './streamText.ts';

/** A halt as the bar says it: "HALT LUDP 10:42:13" or "RESUMED 10:47:13", New York time. */
export function haltText(h: StreamEntry): string {
  const what = h.active ? text.halt(h.flag) : text.resumed;
  return withTime(what, h);
}

/** An unusual-volume event as its strip says it: "UVOL +245% 10:42:13", New York time. */
export function uvolText(u: StreamEntry): string {
  return withTime(text.uvol(u.flag), u);
}

function withTime(what: string, e: StreamEntry): string {
  const at = e.eventTs === null ? null : nyClock(e.eventTs);
  return at ? `${what} ${at}` : what;
}

// Each chip is memoized on its entry: the strips re-render with the widget's clock every second,
// and an entry's words (its New York time, its uVol) change only with the entry.
const HaltChip = memo(function HaltChip({ halt }: { halt: StreamEntry }) {
  return (
    <li className={halt.active ? 'halted' : 'resumed'}>
      <SymbolLink symbol={halt.symbol} /> <span className="muted">{haltText(halt)}</span>
    </li>
  );
});

const UvolChip = memo(function UvolChip({ uvol }: { uvol: StreamEntry }) {
  return (
    <li className="uvol" data-level={uvol.count}>
      <SymbolLink symbol={uvol.symbol} /> <span className="muted">{uvolText(uvol)}</span>
    </li>
  );
});

/**
 * The stream's event strips above its High and Low sides: halts and unusual-volume events of the
 * channel, newest first, each symbol a SymbolLink (its menu on click, its hover card on rest).
 * Each strip is one horizontal line that scrolls sideways (as MOMO draws it), so ten halts never
 * push the High/Low tables down; halts pass the trader's age and symbol-length filters at the
 * market clock's `now`.
 */
export function EventStrips({
  halts: all,
  uvols,
  now,
  filter,
}: {
  halts: StreamEntry[];
  uvols: StreamEntry[];
  /** Market time (the server's clock). */
  now: number;
  filter?: HaltsStrip | undefined;
}) {
  const halts = visibleHalts(all, filter, now);
  return (
    <>
      {halts.length > 0 && (
        <ul className="halts-bar" aria-label={text.halts}>
          {halts.map((h) => (
            <HaltChip key={h.symbol} halt={h} />
          ))}
        </ul>
      )}
      {uvols.length > 0 && (
        <ul className="halts-bar uvol-bar" aria-label={text.uvols}>
          {uvols.slice(0, STRIP_MAX).map((u) => (
            <UvolChip key={u.symbol} uvol={u} />
          ))}
        </ul>
      )}
    </>
  );
}
