import { type AlertRule, alertMessages } from '@tapeline/core';
import { useHaltToggle } from '../../lib/alerts/useAlerts.ts';
import { SwitchRow } from '../../ui/SwitchRow.tsx';
import { useToast } from '../../ui/toast.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { SectionHead } from './SectionHead.tsx';

/** Spec §4 Halt alert: one toggle that adds or removes the user's halt alert. */
export function HaltsSection({ rules }: { rules: readonly AlertRule[] }) {
  const toast = useToast();
  const toggle = useHaltToggle();
  const enabled = rules.some((r) => r.type === 'halt');

  const change = (on: boolean) => {
    const state = on ? 'enabled' : 'disabled';
    toggle.mutate(state, {
      onSuccess: () =>
        toast(on ? alertMessages.haltEnabled : alertMessages.haltDisabled, { tone: 'success' }),
      onError: () => toast(alertMessages.haltFailed(state), { tone: 'error' }),
    });
  };

  return (
    <section className="settings-section" aria-labelledby="notify-halts">
      <SectionHead id="notify-halts" title={text.sections.halts} hint={text.hints.halts} />
      <SwitchRow label={text.haltAlert} hint={text.haltHint} checked={enabled} onChange={change} />
    </section>
  );
}
