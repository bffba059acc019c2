import { useCallback, useState } from 'react';
import { readLivePreference, writeLivePreference } from './discoveryLive.ts';
import './live.css';
import { discoveryText as text } from '../discoveryText.ts';

/** The live-mode choice of this browser (off unless it was turned on here before). */
export function useLiveMode(): [live: boolean, setLive: (on: boolean) => void] {
  const [live, setLiveState] = useState(readLivePreference);
  const setLive = useCallback((on: boolean) => {
    writeLivePreference(on);
    setLiveState(on);
  }, []);
  return [live, setLive];
}

export interface LiveToggleProps {
  live: boolean;
  onToggle(on: boolean): void;
}

/**
 * Discovery's opt-in live mode (issue 13 §9): on, changed rows arrive every second over the
 * socket; off (the default), the table refreshes every 30 s as the spec has it.
 */
export function LiveToggle({ live, onToggle }: LiveToggleProps) {
  return (
    <button
      type="button"
      className="btn btn-secondary dv-live"
      aria-pressed={live}
      title={live ? text.liveOn : text.liveOff}
      onClick={() => onToggle(!live)}
    >
      <span className="dv-live-dot" aria-hidden="true" />
      {text.live}
    </button>
  );
}
