import { type ConnectionStatus, useConnectionStatus } from '../../lib/connectionStatus.ts';
import { connectionLabel, connectionText } from './connectionText.ts';
import './connection.css';

const TITLES: Partial<Record<ConnectionStatus, string>> = {
  reconnecting: connectionText.reconnectingTitle,
  unreachable: connectionText.unreachableTitle,
};

/**
 * "Not connected" while the first connect fails, "Reconnecting…" while the tab's socket is down,
 * "Catching up…" while the missed batches come back (docs/continuity.md §2); nothing when live,
 * so a frozen tape is never silent.
 */
export function ConnectionPill() {
  const shown = useConnectionStatus();
  const label = connectionLabel(shown);
  if (!label) return null;
  return (
    <span
      className={`connection-pill connection-pill--${shown}`}
      role="status"
      data-testid="connection-pill"
      title={TITLES[shown] ?? connectionText.catchingUpTitle}
    >
      <span className="connection-pill__dot" aria-hidden="true" />
      {label}
    </span>
  );
}
