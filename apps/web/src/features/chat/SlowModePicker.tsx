import type { ChatChannel } from '@tapeline/core';
import { chatText } from './chatText.ts';

/** The intervals a moderator can pick (seconds; the server takes 0 to 3,600). */
export const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 300] as const;

/** Mods and admins set the channel's slow mode (docs/chat.md: chat_slow_mode). */
export function SlowModePicker({
  channel,
  onChange,
}: {
  channel: ChatChannel;
  onChange(seconds: number): void;
}) {
  const choices: number[] = SLOW_MODE_CHOICES.includes(
    channel.slow_mode as (typeof SLOW_MODE_CHOICES)[number],
  )
    ? [...SLOW_MODE_CHOICES]
    : [...SLOW_MODE_CHOICES, channel.slow_mode].sort((a, b) => a - b);
  return (
    <select
      className="chat-slow"
      aria-label={chatText.slowMode}
      value={channel.slow_mode}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {choices.map((s) => (
        <option key={s} value={s}>
          {s === 0 ? chatText.slowModeOff : chatText.slowModeSeconds(s)}
        </option>
      ))}
    </select>
  );
}
