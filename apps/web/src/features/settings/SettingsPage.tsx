import type { StreamChannelId } from '@tapeline/core';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useSettings } from '../../lib/settings/useSettings.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { NotificationsTab } from '../notifications/index.ts';
import { DiscoveryTab } from './DiscoveryTab.tsx';
import { GeneralTab } from './GeneralTab.tsx';
import { StreamTab } from './StreamTab.tsx';
import { channelFrom, SETTINGS_TABS, type SettingsTab, tabFrom } from './settingsTabs.ts';
import { settingsText, TAB_LABELS } from './settingsText.ts';
import { TabBar } from './TabBar.tsx';
// The page's CSS, in cascade order: the narrow layout last, as it overrides the rest.
import './settings.css';
import './sliders.css';
import './channels.css';
import './customSymbols.css';
import './settingsNarrow.css';

const SIMPLE_TABS: Readonly<Record<Exclude<SettingsTab, 'stream'>, ComponentType>> = {
  general: GeneralTab,
  discovery: DiscoveryTab,
  notifications: NotificationsTab,
};

/** /settings: four tabs, the tab (and stream channel) kept in the URL so a reload keeps them. */
export function SettingsPage() {
  const { status } = useSettings();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const channel = channelFrom(params.get('channel'));

  const go = (next: { tab: SettingsTab; channel?: StreamChannelId }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set('tab', next.tab);
        if (next.tab === 'stream' && next.channel) out.set('channel', next.channel);
        else if (next.tab !== 'stream') out.delete('channel');
        return out;
      },
      { replace: true },
    );

  const Simple = tab === 'stream' ? null : SIMPLE_TABS[tab];

  return (
    <div className="settings-page" data-testid="settings-page">
      <header className="settings-header">
        <h1>{settingsText.title}</h1>
        <p className="muted">{settingsText.intro}</p>
      </header>
      <TabBar
        label={settingsText.sections}
        tabs={SETTINGS_TABS}
        labels={TAB_LABELS}
        current={tab}
        onSelect={(next) => go({ tab: next })}
        idPrefix="settings"
      />
      <section
        id="settings-panel"
        role="tabpanel"
        aria-labelledby={`settings-tab-${tab}`}
        className="card tab-panel settings-panel"
        data-testid={`settings-tab-${tab}`}
      >
        {/* The store answers after its delayed first load; edits before that would be overwritten. */}
        {status === 'loading' ? (
          <div className="settings-loading" data-testid="settings-spinner">
            <Spinner />
          </div>
        ) : Simple ? (
          <Simple />
        ) : (
          <StreamTab channel={channel} onChannel={(id) => go({ tab: 'stream', channel: id })} />
        )}
      </section>
    </div>
  );
}
