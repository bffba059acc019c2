import { type OutcomeMoves as Moves, OUTCOME_MARKS } from '@tapeline/core';
import { alertLabText as text } from './alertLabText.ts';
import { formatMove, moveTone } from './formatMove.ts';
import './alertLab.css';

/** What the price did after a fired alert: each mark's move, "…" until it is recorded. */
export function OutcomeMoves({ moves }: { moves: Moves }) {
  return (
    <span className="lab-moves" title={text.moves} data-testid="outcome-moves">
      {OUTCOME_MARKS.map((mark) => (
        <span key={mark} className={`lab-move ${moveTone(moves[mark])}`}>
          <span className="lab-move__mark">{text.marks[mark]}</span> {formatMove(moves[mark]) ?? text.pending}
        </span>
      ))}
    </span>
  );
}
