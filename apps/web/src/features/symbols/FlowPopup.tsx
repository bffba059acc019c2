import { useQuery } from '@tanstack/react-query';
import { messages } from '@tapeline/core';
import { useCallback, useEffect, useRef } from 'react';
import { dataHost } from '../../lib/dataHost.ts';
import { useDismiss } from '../../ui/useDismiss.ts';
import { usePlacement } from '../../ui/usePlacement.ts';
import { FLOW_PATHS, type FlowKind, flowRows, perTimeframeSchema } from './flowData.ts';
import { type MenuOverlay, overlays } from './overlayStore.ts';
import { SymbolIcon } from './SymbolIcon.tsx';
import { symbolText } from './symbolText.ts';

const FLOW_STALE_MS = 30_000;

/** Money flow or volume per timeframe for one symbol; 'Data unavailable.' when empty or failed. */
export function FlowPopup({ menu, kind }: { menu: MenuOverlay; kind: FlowKind }) {
  const ref = useRef<HTMLDivElement>(null);
  const { symbol } = menu;
  const query = useQuery({
    queryKey: ['symbolFlow', kind, symbol],
    queryFn: () => dataHost.get(FLOW_PATHS[kind](symbol), perTimeframeSchema),
    staleTime: FLOW_STALE_MS,
  });
  usePlacement(ref, menu.anchor);
  const close = useCallback((byKeyboard: boolean) => overlays.close({ restoreFocus: byKeyboard }), []);
  useDismiss(ref, close);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);

  const rows = flowRows(query.data, kind);
  const title = `${symbol} ${symbolText.panelTitle[kind]}`;

  return (
    <div
      ref={ref}
      className="symbol-panel"
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-testid="symbol-flow"
      data-kind={kind}
    >
      <div className="symbol-panel__head">
        <SymbolIcon symbol={symbol} size={22} />
        <h2 className="symbol-panel__title">{title}</h2>
        <button type="button" className="symbol-panel__close" onClick={() => close(true)}>
          {symbolText.close}
        </button>
      </div>
      {query.isPending ? (
        <p className="symbol-panel__note">{symbolText.loading}</p>
      ) : rows.length === 0 ? (
        <p className="symbol-panel__note">{messages.dataUnavailable}</p>
      ) : (
        <table className="symbol-panel__table">
          <thead>
            <tr>
              <th scope="col">{symbolText.timeframe}</th>
              <th scope="col" className="num">
                {symbolText.value[kind]}
              </th>
              <th scope="col" className="num">
                {symbolText.change}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tf}>
                <th scope="row">{row.label}</th>
                <td className="num">{row.value}</td>
                <td
                  className={`num trend-${row.direction === 1 ? 'up' : row.direction === -1 ? 'down' : 'flat'}`}
                >
                  {row.change}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
