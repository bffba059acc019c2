import { lazy, Suspense } from 'react';
import { useBacktestAsk } from './backtestDialog.ts';

// The panel loads the first time a trader asks for a backtest, never with the dashboard.
const BacktestModal = lazy(() => import('./BacktestModal.tsx').then((m) => ({ default: m.BacktestModal })));

/** Where the backtest panel appears; mounted with the page's symbol overlays. */
export function BacktestSlot() {
  const ask = useBacktestAsk();
  return ask ? (
    <Suspense fallback={null}>
      <BacktestModal ask={ask} />
    </Suspense>
  ) : null;
}
