import { useConfig } from '../../lib/useConfig.ts';
import './simulatedBadge.css';
import { dashboardText as text } from './dashboardText.ts';

/** Says so while the market feed is the built-in simulator. */
export function SimulatedBadge() {
  const config = useConfig();
  if (!config.data?.simulated) return null;
  return (
    <span className="badge badge--sim" title={text.simulatedTitle} data-testid="simulated">
      {/* A phone shows the short form (CSS); the full word stays for screen readers. */}
      <span className="sim-long">{text.simulated}</span>
      <span className="sim-short" aria-hidden="true">
        {text.simulatedShort}
      </span>
    </span>
  );
}
