/** A % move as the lab shows it: signed, two decimals ("+1.25%", "−0.40%", "0.00%"). */
export function formatMove(move: number | null): string | null {
  if (move === null) return null;
  if (move === 0) return '0.00%';
  return `${move > 0 ? '+' : '−'}${Math.abs(move).toFixed(2)}%`;
}

/** The tone class of a move: up, down or flat. */
export const moveTone = (move: number | null) =>
  move === null || move === 0 ? 'lab-move--flat' : move > 0 ? 'lab-move--up' : 'lab-move--down';
