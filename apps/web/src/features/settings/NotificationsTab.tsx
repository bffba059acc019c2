import { isPro, isProPlus } from '@tapeline/core';
import { useUser } from '../../app/session.tsx';
import { settingsMessages, settingsText } from './settingsText.ts';
import { UpgradeBadge } from './UpgradeBadge.tsx';

type Tier = 'free' | 'pro' | 'proplus';

/** Spec §2 Notifications sections, with the tier each needs (spec §6). */
const SECTIONS: readonly { name: string; tier: Tier }[] = [
  { name: 'Voice', tier: 'free' },
  { name: 'Conditional', tier: 'proplus' },
  { name: 'Halts', tier: 'free' },
  { name: 'High/Low', tier: 'free' },
  { name: 'Unusual Volume', tier: 'pro' },
  { name: 'VWAP dist', tier: 'pro' },
  { name: 'Price alerts', tier: 'pro' },
];

export function NotificationsTab() {
  const { subscription } = useUser();
  const proPlus = isProPlus(subscription);
  const pro = proPlus || isPro(subscription);

  return (
    <div className="settings-sections">
      <p className="muted">{settingsText.notificationsNote}</p>
      <ul className="notification-sections">
        {SECTIONS.map(({ name, tier }) => (
          <li key={name} className="settings-section notification-section">
            <h2 className="settings-section-title">{name}</h2>
            {tier === 'pro' ? <UpgradeBadge label={settingsMessages.proOnly} locked={!pro} /> : null}
            {tier === 'proplus' ? (
              <UpgradeBadge label={settingsMessages.proPlusOnly} locked={!proPlus} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
