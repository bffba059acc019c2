import { ALERT_EVENTS, type FiredAlert } from '@tapeline/core';
import { useEffect, useRef } from 'react';
import { listenSocket } from '../streamSource.ts';
import { alertFeed } from './alertFeed.ts';

/**
 * The user's fired alerts on the tab's socket (`alert`, and `filteredAlerts` for filtered ones),
 * each checked against core's schema and heard once. `enabled` false (no session yet) listens to
 * nothing, so no socket is opened for it.
 */
export function useLiveAlerts(onAlert: (alert: FiredAlert) => void, enabled = true): void {
  const listener = useRef(onAlert);
  useEffect(() => {
    listener.current = onAlert;
  }, [onAlert]);

  useEffect(() => {
    if (!enabled) return;
    const feed = alertFeed((alert) => listener.current(alert));
    const stops = [listenSocket(ALERT_EVENTS.alert, feed), listenSocket(ALERT_EVENTS.filtered, feed)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [enabled]);
}
