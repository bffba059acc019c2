import { defaultConfig } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { clampVoiceBuffer, entryFor, withZoneVoice } from './voiceSettings.ts';

describe('voice settings', () => {
  it('keeps one entry per zone: setting a zone again replaces its voice', () => {
    let config = withZoneVoice(defaultConfig(), 'halt', { voice: 'voice2', type: 'symbol' });
    config = withZoneVoice(config, 'primary_high', { voice: 'voice1', type: 'name' });
    config = withZoneVoice(config, 'halt', { voice: 'voice4', type: 'name' });
    expect(config.voiceNoti).toHaveLength(2);
    expect(entryFor(config, 'halt')).toEqual({ zone: 'halt', voice: 'voice4', type: 'name' });
  });

  it('silences a zone by removing its entry', () => {
    const config = withZoneVoice(defaultConfig(), 'fav', { voice: 'voice3', type: 'symbol' });
    expect(entryFor(withZoneVoice(config, 'fav', null), 'fav')).toBeNull();
  });

  it('clamps the voice buffer to 0–10 whole seconds', () => {
    expect(clampVoiceBuffer(-3)).toBe(0);
    expect(clampVoiceBuffer(4.6)).toBe(5);
    expect(clampVoiceBuffer(42)).toBe(10);
    expect(clampVoiceBuffer(Number.NaN)).toBe(0);
  });
});
