import { meetsTier, tierOf } from '@tapeline/core';
import { useState } from 'react';
import { useUser } from '../../app/session.tsx';
import { useAlerts } from '../../lib/alerts/useAlerts.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { OutcomesSection } from '../alertLab/index.ts';
import { ConditionalSection } from './ConditionalSection.tsx';
import { DeliverySection } from './DeliverySection.tsx';
import { HaltsSection } from './HaltsSection.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { HighLowSection, ProRulesSection } from './RuleSections.tsx';
import { VoiceSection } from './VoiceSection.tsx';
import './notifications.css';

/** Spec §2 Notifications: Voice, Conditional, Halts, High/Low, Unusual Volume, VWAP dist, Price alerts. */
export function NotificationsTab() {
  const tier = tierOf(useUser().subscription);
  const pro = meetsTier(tier, 'pro');
  const proPlus = meetsTier(tier, 'proplus');
  const alerts = useAlerts();
  // §4: one alert is edited at a time, across every section.
  const [editing, setEditing] = useState<number | null>(null);
  const edit = { editing, onEdit: setEditing };

  return (
    <div className="settings-sections notifications" data-testid="notifications">
      <VoiceSection proPlus={proPlus} />
      {alerts.data ? (
        <>
          <ConditionalSection list={alerts.data.filtered_alerts} proPlus={proPlus} />
          <HaltsSection rules={alerts.data.alerts} />
          <HighLowSection rules={alerts.data.alerts} {...edit} />
          <ProRulesSection type="uv" pro={pro} rules={alerts.data.alerts} {...edit} />
          <ProRulesSection type="vwap" pro={pro} rules={alerts.data.alerts} {...edit} />
          <ProRulesSection type="price" pro={pro} rules={alerts.data.alerts} {...edit} />
          <OutcomesSection />
          <DeliverySection webhook={alerts.data.alert_webhook} secret={alerts.data.webhook_secret} />
        </>
      ) : (
        <div className="settings-loading">
          {alerts.isError ? <p className="muted">{text.loadFailed}</p> : <Spinner />}
        </div>
      )}
    </div>
  );
}
