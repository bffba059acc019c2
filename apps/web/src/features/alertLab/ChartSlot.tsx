import { lazy, Suspense } from 'react';
import { useChartRequest } from './chartDialog.ts';

// The chart and its library load the first time a trader opens one, never with the dashboard.
const ChartModal = lazy(() => import('./ChartModal.tsx').then((m) => ({ default: m.ChartModal })));

/** Where the chart appears; mounted with the page's symbol overlays. */
export function ChartSlot() {
  const request = useChartRequest();
  return request ? (
    <Suspense fallback={null}>
      <ChartModal request={request} />
    </Suspense>
  ) : null;
}
