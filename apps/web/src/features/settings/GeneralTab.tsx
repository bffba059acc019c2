import type { DashboardConfig } from '@tapeline/core';
import { useSettings, useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { SwitchRow } from '../../ui/SwitchRow.tsx';
import { ChartLinkSetting } from './ChartLinkSetting.tsx';
import { HaltsStripSettings } from './HaltsStripSettings.tsx';
import { OptionsModeSetting } from './OptionsModeSetting.tsx';
import { RecencySlider } from './RecencySlider.tsx';
import { settingsText } from './settingsText.ts';

type News = DashboardConfig['news'];

/** Spec §2 General: options display mode, the news marks and the halts strip's filters. */
export function GeneralTab() {
  const { config } = useSettings();
  const store = useSettingsStore();
  const setNews = (change: Partial<News>) =>
    store.updateConfig((c) => ({ ...c, news: { ...c.news, ...change } }));

  return (
    <div className="settings-sections">
      <section className="settings-section">
        <OptionsModeSetting
          value={config.optionsMode}
          onChange={(optionsMode) => store.updateConfig((c) => ({ ...c, optionsMode }))}
        />
      </section>
      <ChartLinkSetting
        value={config.chartLink ?? ''}
        onSave={(template) =>
          store.updateConfig((c) => {
            const { chartLink: _old, ...rest } = c;
            return template === '' ? rest : { ...rest, chartLink: template };
          })
        }
      />
      <section className="settings-section" aria-labelledby="settings-news">
        <h2 id="settings-news" className="settings-section-title">
          {settingsText.news}
        </h2>
        <SwitchRow
          label={settingsText.newsIcon}
          hint={settingsText.newsIconHint}
          checked={config.news.icon}
          onChange={(icon) => setNews({ icon })}
        />
        <RecencySlider value={config.news.recency} onChange={(recency) => setNews({ recency })} />
        <SwitchRow
          label={settingsText.hideFilings}
          hint={settingsText.hideFilingsHint}
          checked={config.news.hide_rf}
          onChange={(hide_rf) => setNews({ hide_rf })}
        />
      </section>
      <HaltsStripSettings
        value={config.halts}
        onChange={(halts) => store.updateConfig((c) => ({ ...c, halts }))}
      />
    </div>
  );
}
