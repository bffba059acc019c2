import { isPro, isProPlus } from '@tapeline/core';
import { useUser } from '../../app/session.tsx';
import { settingsMessages, settingsText } from './settingsText.ts';
import { UpgradeBadge } from './UpgradeBadge.tsx';

/** Spec §2 Discovery: its column options come with the Discovery screener (Pro and up). */
export function DiscoveryTab() {
  const { subscription } = useUser();
  const pro = isPro(subscription) || isProPlus(subscription);
  return (
    <div className="settings-sections">
      <section className="settings-section">
        <div className="settings-section-head">
          <h2 className="settings-section-title">{settingsText.discoveryTitle}</h2>
          <UpgradeBadge label={settingsMessages.proOnly} locked={!pro} />
        </div>
        <p className="muted">{settingsText.discoveryNote}</p>
      </section>
    </div>
  );
}
