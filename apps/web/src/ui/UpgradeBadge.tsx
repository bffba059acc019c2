import { Link } from 'react-router';
import { settingControlText } from './settingControlText.ts';

/** A tier label ('PRO ONLY', 'PRO + ONLY'), with the upgrade link for users below that tier. */
export function UpgradeBadge({ label, locked }: { label: string; locked: boolean }) {
  return (
    <span className="upgrade-badge">
      <span className={label.includes('+') ? 'tier-label tier-label-plus' : 'tier-label'}>{label}</span>
      {locked ? (
        <Link to="/profile/plan" className="upgrade-link">
          {settingControlText.upgrade}
        </Link>
      ) : null}
    </span>
  );
}
