import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react';
import { addAlertDialog } from '../../lib/alerts/addAlertDialog.ts';
import { copyText } from '../../ui/copyText.ts';
import { useToast } from '../../ui/toast.tsx';
import { useDismiss } from '../../ui/useDismiss.ts';
import { usePlacement } from '../../ui/usePlacement.ts';
import { chartDialog } from '../alertLab/index.ts';
import { type MenuOverlay, overlays } from './overlayStore.ts';
import { SymbolIcon } from './SymbolIcon.tsx';
import { symbolText } from './symbolText.ts';

/** The symbol context menu: Copy symbol, Money flow, Volume, Chart, Add alert. */
export function SymbolMenu({ menu }: { menu: MenuOverlay }) {
  const ref = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const { symbol } = menu;
  usePlacement(ref, menu.anchor);
  useDismiss(
    ref,
    useCallback((byKeyboard: boolean) => overlays.close({ restoreFocus: byKeyboard }), []),
  );

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) =>
      items[(index + items.length) % items.length]?.focus({ preventScroll: true });
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(-1);
    else if (event.key === 'Tab') overlays.close();
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const copy = async () => {
    overlays.close({ restoreFocus: true });
    if (await copyText(symbol)) toast(symbolText.copied(symbol), { tone: 'success', durationMs: 2000 });
  };

  return (
    <div
      ref={ref}
      className="symbol-menu"
      role="menu"
      aria-label={symbolText.menuLabel(symbol)}
      data-testid="symbol-menu"
      data-symbol={symbol}
      onKeyDown={onKeyDown}
    >
      <div className="symbol-menu__head" aria-hidden="true">
        <SymbolIcon symbol={symbol} size={22} />
        <span className="symbol-menu__symbol">{symbol}</span>
      </div>
      <button type="button" role="menuitem" className="symbol-menu__item" onClick={copy}>
        {symbolText.copy}
      </button>
      <button
        type="button"
        role="menuitem"
        className="symbol-menu__item"
        onClick={() => overlays.openPanel('moneyFlow')}
      >
        {symbolText.moneyFlow}
      </button>
      <button
        type="button"
        role="menuitem"
        className="symbol-menu__item"
        onClick={() => overlays.openPanel('volume')}
      >
        {symbolText.volume}
      </button>
      <button
        type="button"
        role="menuitem"
        className="symbol-menu__item"
        onClick={() => {
          overlays.close();
          chartDialog.open({ symbol });
        }}
      >
        {symbolText.chart}
      </button>
      <button
        type="button"
        role="menuitem"
        className="symbol-menu__item"
        onClick={() => {
          overlays.close();
          addAlertDialog.open(symbol);
        }}
      >
        {symbolText.addAlert}
      </button>
    </div>
  );
}
