import { sparklinePoints } from './quoteRules.ts';

const W = 120;
const H = 32;

/** Today's 5-minute closes as one polyline over a dashed prior-close baseline; no chart library. */
export function Sparkline({ sl, pc, up }: { sl: readonly number[]; pc: number | null; up: boolean | null }) {
  const { points, baseline } = sparklinePoints(sl, W, H, pc);
  const tone = up === null ? '' : up ? ' is-up' : ' is-down';
  return (
    <svg
      className={`quote-spark${tone}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="sparkline"
    >
      {baseline === null ? null : (
        <line className="quote-spark__base" x1={0} x2={W} y1={baseline} y2={baseline} />
      )}
      {points ? <polyline className="quote-spark__line" points={points} /> : null}
    </svg>
  );
}
