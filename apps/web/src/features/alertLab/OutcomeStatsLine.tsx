import type { OutcomeStats } from '@tapeline/core';
import { alertLabText as text } from './alertLabText.ts';
import { formatMove } from './formatMove.ts';

/** A group of fires in one line: how many, over how many sessions, and how +5 / +30 min went. */
export function OutcomeStatsLine({ stats }: { stats: OutcomeStats }) {
  const median = (value: number | null) => {
    const shown = formatMove(value);
    return shown === null ? '' : `, ${text.median(shown)}`;
  };
  return (
    <span className="lab-stats">
      {[
        text.fires(stats.fires),
        text.sessions(stats.sessions),
        `${text.upShare(text.marks.m5, stats.positive5)}${median(stats.median5)}`,
        `${text.upShare(text.marks.m30, stats.positive30)}${median(stats.median30)}`,
      ].join(' · ')}
    </span>
  );
}
