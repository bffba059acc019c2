import { settingControlText } from '../../ui/settingControlText.ts';
import { UpgradeBadge } from '../../ui/UpgradeBadge.tsx';

export type SectionTier = 'pro' | 'proplus';

interface SectionHeadProps {
  id: string;
  title: string;
  hint: string;
  /** The tier the section needs, labelled (§6) with an upgrade link when `locked`. */
  tier?: SectionTier;
  locked?: boolean;
}

/** A Notifications section's title, what it does, and its tier label. */
export function SectionHead({ id, title, hint, tier, locked = false }: SectionHeadProps) {
  return (
    <div className="settings-section-head">
      <h2 id={id} className="settings-section-title">
        {title}
      </h2>
      {tier ? (
        <UpgradeBadge
          label={tier === 'pro' ? settingControlText.proOnly : settingControlText.proPlusOnly}
          locked={locked}
        />
      ) : null}
      <p className="setting-hint section-hint">{hint}</p>
    </div>
  );
}
