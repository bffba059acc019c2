import { StreamWidget } from '../stream/StreamWidget.tsx';

/**
 * The dashboard. Until the widget grid arrives (dashboard issue), it shows the live Stream
 * widget on its own.
 */
export function DashboardPage() {
  return (
    <div className="dashboard-page">
      <StreamWidget />
    </div>
  );
}
