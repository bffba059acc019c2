import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ALERT_HISTORY_KEY, prependAlertHistory } from '../../lib/alerts/alertHistoryApi.ts';
import { appStores, readToken } from '../../lib/session.ts';
import { useToast } from '../../ui/toast.tsx';
import { useChatMentions } from './useChatMentions.ts';
import { useLiveAlerts } from './useLiveAlerts.ts';
import { useVoiceAlerts } from './useVoiceAlerts.ts';

/**
 * The user's alerts as they fire, in this tab: a toast with the message, the top of the Alerts
 * widget's history, and the voice queue; and a toast for each chat mention of the user. Mount once inside the page's SettingsProvider; a
 * pop-out passes `speak={false}` so the dashboard that opened it is the one that speaks.
 * Alerts caught up after a reconnect refresh the history from the server (it may have read some
 * of them already during the drop); those older than 30 s are not toasted nor spoken.
 */
export function AlertsRuntime({ speak = true }: { speak?: boolean }) {
  const toast = useToast();
  const client = useQueryClient();
  const voice = useVoiceAlerts(speak);
  // A socket is opened only for a signed-in tab (its handshake needs the token).
  const signedIn = readToken(appStores) !== null;
  useChatMentions(
    useCallback((text: string) => toast(text, { tone: 'info', lane: 'live' }), [toast]),
    signedIn,
  );
  useLiveAlerts(
    useCallback(
      (alert, arrival) => {
        if (arrival.stale) return;
        toast(alert.msg, { tone: 'info', lane: 'live' });
        if (!arrival.caughtUp) prependAlertHistory(client, { msg: alert.msg, date: Math.round(alert.time) });
        voice(alert);
      },
      [toast, client, voice],
    ),
    signedIn,
    { onCaughtUp: () => void client.invalidateQueries({ queryKey: ALERT_HISTORY_KEY }) },
  );
  return null;
}
