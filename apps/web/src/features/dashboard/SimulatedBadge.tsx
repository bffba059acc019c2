import { useConfig } from '../../lib/useConfig.ts';
import './simulatedBadge.css';

/** Says so while the market feed is the built-in simulator. */
export function SimulatedBadge() {
  const config = useConfig();
  if (!config.data?.simulated) return null;
  return (
    <span
      className="badge badge--sim"
      title="Prices come from the built-in market simulator"
      data-testid="simulated"
    >
      {/* A phone shows the short form (CSS); the full word stays for screen readers. */}
      <span className="sim-long">SIMULATED</span>
      <span className="sim-short" aria-hidden="true">
        SIM
      </span>
    </span>
  );
}
