import { canOpenDiscovery, type DiscoveryColumnOption, normalizeDiscoveryColumns } from '@tapeline/core';
import { useUser } from '../../app/session.tsx';
import { useSettings, useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { settingControlText } from '../../ui/settingControlText.ts';
import { UpgradeBadge } from '../../ui/UpgradeBadge.tsx';
import { DiscoveryColumnsEditor } from './DiscoveryColumnsEditor.tsx';
import { discoveryTabText, settingsText } from './settingsText.ts';
import './discoveryTab.css';

/**
 * Dashboard spec §2 Discovery tab: the Discovery column options, kept in the dashboard config
 * (`config.discovery`) and saved with it. Whoever cannot open Discovery sees them locked.
 */
export function DiscoveryTab() {
  const { subscription } = useUser();
  const { config, status } = useSettings();
  const store = useSettingsStore();
  const allowed = canOpenDiscovery(subscription);
  // A missing or short saved list reads as the default (§5), so every column is listed.
  const columns = normalizeDiscoveryColumns(config.discovery);

  const change = (next: DiscoveryColumnOption) =>
    store.updateConfig((c) => ({
      ...c,
      discovery: normalizeDiscoveryColumns(c.discovery).map((o) => (o.column === next.column ? next : o)),
    }));

  return (
    <div className="settings-sections">
      <section className="settings-section">
        <div className="settings-section-head">
          <h2 className="settings-section-title">{settingsText.discoveryTitle}</h2>
          <UpgradeBadge label={settingControlText.proOnly} locked={!allowed} />
        </div>
        <p className="muted">{discoveryTabText.columnsHint}</p>
        <DiscoveryColumnsEditor
          columns={columns}
          disabled={!allowed || status !== 'ready'}
          onChange={change}
        />
      </section>
    </div>
  );
}
