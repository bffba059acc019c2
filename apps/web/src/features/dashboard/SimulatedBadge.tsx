import { useConfig } from '../../lib/useConfig.ts';
import { dashboardText as text } from './dashboardText.ts';

/** Says so while the market feed is the built-in simulator. */
export function SimulatedBadge() {
  const config = useConfig();
  if (!config.data?.simulated) return null;
  return (
    <span className="badge badge--sim" title={text.simulatedTitle} data-testid="simulated">
      {/* The whole word everywhere; a phone's bar sets it smaller so it fits (dashboard.css). */}
      {text.simulated}
    </span>
  );
}
