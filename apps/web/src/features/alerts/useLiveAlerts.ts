import { ALERT_EVENTS, type FiredAlert } from '@tapeline/core';
import { useEffect, useRef } from 'react';
import { onReconnect } from '../../lib/connectionStatus.ts';
import { listenSocket, request } from '../../lib/tabSocket.ts';
import { type AlertArrival, caughtUpArrival, LIVE_ARRIVAL } from './alertCatchUp.ts';
import { alertFeed } from './alertFeed.ts';

export interface LiveAlertsOptions {
  /** The clock for the age of a caught-up alert. */
  now?: () => number;
  /** A catch-up brought alerts the tab had not heard (after they were each heard). */
  onCaughtUp?: (alerts: readonly FiredAlert[]) => void;
}

/**
 * The user's fired alerts on the tab's socket (`alert`, and `filteredAlerts` for filtered ones),
 * each checked against core's schema and heard once. After a reconnect the alerts fired while
 * the socket was down are asked for (`alerts_resume`, ids above the highest heard) and heard
 * with `caughtUp` set; a repeat of an id already heard is dropped. `enabled` false (no session
 * yet) listens to nothing, so no socket is opened for it.
 */
export function useLiveAlerts(
  onAlert: (alert: FiredAlert, arrival: AlertArrival) => void,
  enabled = true,
  options: LiveAlertsOptions = {},
): void {
  const listener = useRef(onAlert);
  useEffect(() => {
    listener.current = onAlert;
  }, [onAlert]);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!enabled) return;
    const clock = () => (latest.current.now ?? Date.now)();
    const listeningSince = clock();
    let highest = 0;
    const heard: FiredAlert[] = [];
    let arrival: (alert: FiredAlert) => AlertArrival = () => LIVE_ARRIVAL;
    const feed = alertFeed((alert) => {
      highest = Math.max(highest, alert.id);
      const how = arrival(alert);
      if (how.caughtUp) heard.push(alert);
      listener.current(alert, how);
    });
    let stopped = false;
    const catchUp = async () => {
      // Not served (the socket dropped again, no answer in time, or a refusal): the next
      // reconnect asks again.
      const answer = await request(ALERT_EVENTS.resume, { since: highest }).catch(() => null);
      if (stopped || !answer) return;
      const at = clock();
      arrival = (alert) => caughtUpArrival(alert, at, listeningSince);
      heard.length = 0;
      try {
        feed(answer.alerts);
      } finally {
        arrival = () => LIVE_ARRIVAL;
      }
      if (heard.length > 0) latest.current.onCaughtUp?.([...heard]);
    };
    const stops = [
      listenSocket(ALERT_EVENTS.alert, feed),
      listenSocket(ALERT_EVENTS.filtered, feed),
      onReconnect(() => void catchUp()),
    ];
    return () => {
      stopped = true;
      for (const stop of stops) stop();
    };
  }, [enabled]);
}
