import {
  DISCOVERY_LIVE_EVENTS,
  type DiscoveryPatch,
  discoveryEndedSchema,
  discoveryPatchSchema,
  type TimeframeId,
} from '@tapeline/core';
import { STREAM_TF } from '@tapeline/market';
import { useEffect, useRef } from 'react';
import { browserStores, STORAGE_PREFIX } from '../../../lib/storageKeys.ts';
import { listenSocket, type SocketCall } from '../../../lib/tabSocket.ts';

// Discovery's opt-in live mode (issue 13 §9): while on, the tab's socket sits in the server's
// room for the timeframe and each `discovery_patch` (the rows changed in the last second) is
// handed to the widget, which merges it into its rows with core's applyDiscoveryPatch. Off is
// the default: the spec's 30 s refresh.

/** Whether this browser asked for live Discovery (wiped with the other keys on logout). */
export const DISCOVERY_LIVE_KEY = `${STORAGE_PREFIX}discoveryLive`;

export function readLivePreference(): boolean {
  try {
    return browserStores()?.local.getItem(DISCOVERY_LIVE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function writeLivePreference(on: boolean): void {
  try {
    const local = browserStores()?.local;
    if (on) local?.setItem(DISCOVERY_LIVE_KEY, 'on');
    else local?.removeItem(DISCOVERY_LIVE_KEY);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this visit only.
  }
}

const LEAVE: SocketCall = [DISCOVERY_LIVE_EVENTS.unsubscribe, {}];

/**
 * While `enabled`, subscribes the tab's socket to `tf`'s patches (again after every reconnect:
 * the server then starts the tab with a full patch) and calls `onPatch` with each one of that
 * timeframe that core's schema accepts. A new `onPatch` does not resubscribe; a new `tf` does.
 * The tab's socket listens to one timeframe: with two live Discovery widgets on different
 * timeframes in one tab, the first one's timeframe is the one served. `onEnded` runs when the
 * server ends live mode because the trader's plan no longer opens Discovery.
 */
export function useDiscoveryLive(
  tf: TimeframeId,
  enabled: boolean,
  onPatch: (patch: DiscoveryPatch) => void,
  onEnded: () => void = () => {},
): void {
  const latest = useRef({ onPatch, onEnded });
  latest.current = { onPatch, onEnded };
  useEffect(() => {
    if (!enabled) return;
    // The plan no longer opens Discovery (the server reads it again every 30 s while live).
    const stopEnded = listenSocket(DISCOVERY_LIVE_EVENTS.ended, (payload) => {
      if (discoveryEndedSchema.safeParse(payload).success) latest.current.onEnded();
    });
    const stopPatches = listenSocket(
      DISCOVERY_LIVE_EVENTS.patch,
      (payload) => {
        const patch = discoveryPatchSchema.safeParse(payload);
        if (patch.success && patch.data.tf === tf) latest.current.onPatch(patch.data);
      },
      // Named on the wire as §7 names them (15m…1mo); patches answer with the engine's name.
      { join: [DISCOVERY_LIVE_EVENTS.subscribe, { tf: STREAM_TF[tf] }], leave: LEAVE },
    );
    return () => {
      stopPatches();
      stopEnded();
    };
  }, [tf, enabled]);
}
