import { BacktestSlot, ChartSlot } from '../alertLab/index.ts';
import { AddAlertSlot } from '../alerts/index.ts';
import { SymbolOverlays } from '../symbols/index.ts';

/**
 * The page's symbol layer: the symbol menu and popups, and the dialogs the menu opens (Add alert,
 * Chart, Backtest). Grouped here, above the three features, so `symbols` imports none of them.
 * Mount once per page (the top bar, a pop-out).
 */
export function SymbolLayer() {
  return (
    <>
      <SymbolOverlays />
      <AddAlertSlot />
      <BacktestSlot />
      <ChartSlot />
    </>
  );
}
