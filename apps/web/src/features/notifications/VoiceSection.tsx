import { VOICE_BUFFER_MAX, VOICE_IDS, VOICE_ZONES, type VoiceZone } from '@tapeline/core';
import { useSettings, useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { StepSlider } from '../../ui/StepSlider.tsx';
import { settingControlText } from '../../ui/settingControlText.ts';
import { UpgradeBadge } from '../../ui/UpgradeBadge.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { SectionHead } from './SectionHead.tsx';
import { clampVoiceBuffer, entryFor, type VoiceEntry, withZoneVoice } from './voiceSettings.ts';

/** Spec §2 Voice: a voice and what it says per zone, and the repeat window; saved in the config. */
export function VoiceSection({ proPlus }: { proPlus: boolean }) {
  const { config } = useSettings();
  const store = useSettingsStore();
  const setZone = (zone: VoiceZone, entry: Omit<VoiceEntry, 'zone'> | null) =>
    store.updateConfig((c) => withZoneVoice(c, zone, entry));

  return (
    <section className="settings-section" aria-labelledby="notify-voice">
      <SectionHead id="notify-voice" title={text.sections.voice} hint={text.hints.voice} />
      <ul className="voice-zones">
        {VOICE_ZONES.map((zone) => (
          <VoiceZoneRow
            key={zone}
            zone={zone}
            entry={entryFor(config, zone)}
            locked={zone === 'filtered' && !proPlus}
            onChange={(entry) => setZone(zone, entry)}
          />
        ))}
      </ul>
      <VoiceBufferSlider
        value={config.voiceBuffer}
        onChange={(voiceBuffer) => store.updateConfig((c) => ({ ...c, voiceBuffer }))}
      />
    </section>
  );
}

interface ZoneRowProps {
  zone: VoiceZone;
  entry: VoiceEntry | null;
  locked: boolean;
  onChange: (entry: Omit<VoiceEntry, 'zone'> | null) => void;
}

function VoiceZoneRow({ zone, entry, locked, onChange }: ZoneRowProps) {
  const name = text.voiceZones[zone];
  const type = entry?.type ?? 'symbol';
  return (
    <li className="setting-row voice-zone" data-zone={zone}>
      <div className="setting-text">
        <span className="setting-label">{name}</span>
        {zone === 'filtered' ? <UpgradeBadge label={settingControlText.proPlusOnly} locked={locked} /> : null}
      </div>
      <div className="voice-controls">
        <select
          className="select"
          aria-label={text.voiceOf(name)}
          value={entry?.voice ?? ''}
          disabled={locked}
          onChange={(event) => {
            const voice = event.target.value as VoiceEntry['voice'] | '';
            onChange(voice === '' ? null : { voice, type });
          }}
        >
          <option value="">{text.voiceOff}</option>
          {VOICE_IDS.map((id, i) => (
            <option key={id} value={id}>
              {text.voiceName(i + 1)}
            </option>
          ))}
        </select>
        <select
          className="select"
          aria-label={text.spokenOf(name)}
          value={type}
          disabled={locked || !entry}
          onChange={(event) =>
            entry && onChange({ voice: entry.voice, type: event.target.value as VoiceEntry['type'] })
          }
        >
          <option value="symbol">{text.spokenSymbol}</option>
          <option value="name">{text.spokenName}</option>
        </select>
      </div>
    </li>
  );
}

/** 0–10 s, debounced 200 ms like every slider (§4). */
function VoiceBufferSlider({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  return (
    <StepSlider
      label={text.voiceBuffer}
      hint={text.voiceBufferHint}
      value={value}
      max={VOICE_BUFFER_MAX}
      format={text.seconds}
      onChange={onChange}
      normalize={clampVoiceBuffer}
    />
  );
}
