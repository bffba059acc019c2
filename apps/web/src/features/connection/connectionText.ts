import type { ConnectionStatus } from '../../lib/connectionStatus.ts';

/** What the connection pill says; live and the first connect (until it fails) say nothing. */
export const connectionText = {
  reconnecting: 'Reconnecting…',
  'catching-up': 'Catching up…',
  reconnectingTitle: 'The connection to the server dropped; live updates resume once it is back.',
  catchingUpTitle: 'Back online: fetching what was missed while the connection was down.',
  unreachable: 'Not connected',
  unreachableTitle:
    'The live connection to the server could not be opened (a firewall, proxy or extension may block it). Retrying; live updates start once it connects.',
} as const;

export function connectionLabel(status: ConnectionStatus): string | null {
  if (status === 'unreachable') return connectionText.unreachable;
  if (status === 'reconnecting') return connectionText.reconnecting;
  if (status === 'catching-up') return connectionText['catching-up'];
  return null;
}
