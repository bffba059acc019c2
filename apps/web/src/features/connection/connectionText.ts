import type { ConnectionStatus } from '../../lib/connectionStatus.ts';

/** What the connection pill says; live and the first connect say nothing. */
export const connectionText = {
  reconnecting: 'Reconnecting…',
  'catching-up': 'Catching up…',
  reconnectingTitle: 'The connection to the server dropped; live updates resume once it is back.',
  catchingUpTitle: 'Back online: fetching what was missed while the connection was down.',
} as const;

export function connectionLabel(status: ConnectionStatus): string | null {
  if (status === 'reconnecting') return connectionText.reconnecting;
  if (status === 'catching-up') return connectionText['catching-up'];
  return null;
}
