import { alertMessages, DEFAULT_VOICE_HOST, type FiredAlert } from '@tapeline/core';
import { useCallback, useEffect, useRef } from 'react';
import { useSettings } from '../../lib/settings/useSettings.tsx';
import { useConfig } from '../../lib/useConfig.ts';
import { useToast } from '../../ui/toast.tsx';
import { claimVoice } from './voiceLeader.ts';
import { createVoicePlayer } from './voicePlayer.ts';
import { clipFor, VoiceQueue } from './voiceQueue.ts';
import { useVoiceUnlocked, voiceUnlock } from './voiceUnlock.ts';

/** Spec §2/§9: the prompt to allow audio shows for 5 s. */
export const VOICE_PROMPT_MS = 5000;

/**
 * Speaks alerts in the voices the user chose per zone (config `voiceNoti`), through one queue per
 * page. Until the page has had a key press or click the browser will not play audio: the prompt
 * says so once, and alerts meanwhile are not queued (they would all speak at once, late).
 */
export function useVoiceAlerts(enabled: boolean): (alert: FiredAlert) => void {
  const toast = useToast();
  const { status, config } = useSettings();
  const { data: appConfig } = useConfig();
  const unlocked = useVoiceUnlocked();
  const host = appConfig?.voiceHost ?? DEFAULT_VOICE_HOST;
  const voiced = enabled && status === 'ready' && config.voiceNoti.length > 0;

  const player = useRef<ReturnType<typeof createVoicePlayer> | null>(null);
  const queue = useRef<VoiceQueue | null>(null);
  const settings = useRef({ entries: config.voiceNoti, host });
  settings.current = { entries: config.voiceNoti, host };

  useEffect(() => {
    // Gestures count from the start, not only once the prompt asks for one.
    voiceUnlock.watch();
    const q = new VoiceQueue({ repeatSeconds: 0 });
    queue.current = q;
    player.current = createVoicePlayer({ queue: q, makeAudio: (url) => new Audio(url), now: Date.now });
    return () => {
      player.current?.stop();
      player.current = null;
    };
  }, []);

  useEffect(() => {
    queue.current?.setRepeatSeconds(config.voiceBuffer);
  }, [config.voiceBuffer]);

  // Several dashboard tabs hear every alert; one of them speaks it (lib/alerts/voiceLeader.ts).
  const leader = useRef(false);
  useEffect(
    () =>
      claimVoice(() => {
        leader.current = true;
      }),
    [],
  );

  const prompted = useRef(false);
  useEffect(() => {
    if (!voiced || unlocked || voiceUnlock.isUnlocked() || prompted.current) return;
    prompted.current = true;
    toast(alertMessages.voicePrompt, { tone: 'info', durationMs: VOICE_PROMPT_MS });
  }, [voiced, unlocked, toast]);

  return useCallback(
    (alert: FiredAlert) => {
      if (!voiced || !leader.current || !voiceUnlock.isUnlocked()) return;
      const clip = clipFor(alert, settings.current.entries, settings.current.host);
      if (clip) player.current?.speak(clip);
    },
    [voiced],
  );
}
