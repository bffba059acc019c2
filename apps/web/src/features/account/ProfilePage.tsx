import type { ComponentType } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { useHasChrome } from '../../app/chrome.ts';
import { useSession, useUser } from '../../app/session.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { PaymentCompleteModal } from '../billing/index.ts';
import { AccountTab } from './AccountTab.tsx';
import { AdminTab } from './AdminTab.tsx';
import { ApiTab } from './ApiTab.tsx';
import { accountText } from './accountText.ts';
import { PaymentTab } from './PaymentTab.tsx';
import { PlanTab } from './PlanTab.tsx';
import { ProfileTab as ProfileDetailsTab } from './ProfileTab.tsx';
import { type ProfileTab, selectTab, TAB_PATHS, visibleTabs } from './profileTabs.ts';
import './account.css';

const TAB_LABELS: Record<ProfileTab, string> = {
  account: accountText.tabAccount,
  profile: accountText.tabProfile,
  payment: accountText.tabPayment,
  plan: accountText.tabPlan,
  api: accountText.tabApi,
  admin: accountText.tabAdmin,
};

const TAB_CONTENT: Record<ProfileTab, ComponentType> = {
  account: AccountTab,
  profile: ProfileDetailsTab,
  payment: PaymentTab,
  plan: PlanTab,
  api: ApiTab,
  admin: AdminTab,
};

export function ProfilePage() {
  const user = useUser();
  const { logout } = useSession();
  const chrome = useHasChrome();
  const { tab: param } = useParams();
  const tabs = visibleTabs(user);
  const current = selectTab(tabs, param);
  if (!current) return <Navigate to="/profile" replace />;
  const Content = TAB_CONTENT[current];

  const page = (
    <div className="profile-page">
      <header className="profile-header">
        <div>
          <h1>{accountText.profileTitle}</h1>
          <p className="muted">
            {accountText.signedInAs} <strong data-testid="profile-email">{user.email}</strong>
          </p>
        </div>
        {/* Always here: a user without a subscription has no top bar to log out from. */}
        <button type="button" className="btn btn-ghost" onClick={logout}>
          {accountText.logOut}
        </button>
      </header>
      {tabs.length > 1 ? (
        <nav className="tabs" aria-label={accountText.profileSections}>
          {tabs.map((tab) => (
            <NavLink key={tab} to={TAB_PATHS[tab]} end className="tab">
              {TAB_LABELS[tab]}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <section className="card tab-panel" data-testid={`profile-tab-${current}`}>
        <Content />
      </section>
      {/* Here, not in the Plan tab: subscribing remounts the tabs (see paymentComplete.ts). */}
      <PaymentCompleteModal />
    </div>
  );

  if (chrome) return page;
  // Without the top bar the page carries its own brand and landmark.
  return (
    <div className="standalone">
      <div className="standalone-brand">
        <Logo />
      </div>
      <main className="standalone-main">{page}</main>
    </div>
  );
}
