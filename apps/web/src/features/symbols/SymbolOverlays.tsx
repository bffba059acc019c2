import { createPortal } from 'react-dom';
import { FlowPopup } from './FlowPopup.tsx';
import { HoverPopup } from './HoverPopup.tsx';
import { useOverlays } from './overlayStore.ts';
import { SymbolMenu } from './SymbolMenu.tsx';
import '../../ui/popup.css';
import './symbols.css';

/**
 * Renders the one open symbol menu or popup and the hover popup, in a portal on the body so
 * no widget's overflow or the top bar's backdrop filter clips or offsets them. Mount once per page.
 * The dialogs the menu opens (Add alert, Chart, Backtest) are mounted beside it by SymbolLayer,
 * so symbols does not import the features that draw them.
 */
export function SymbolOverlays() {
  const { menu, hover } = useOverlays();
  return createPortal(
    <>
      {menu?.kind === 'menu' && <SymbolMenu key={menu.id} menu={menu} />}
      {menu && menu.kind !== 'menu' && (
        <FlowPopup key={`${menu.id}-${menu.kind}`} menu={menu} kind={menu.kind} />
      )}
      {hover && !menu && <HoverPopup key={hover.symbol} hover={hover} />}
    </>,
    document.body,
  );
}
