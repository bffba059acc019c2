import { isPro, isProPlus } from '@tapeline/core';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { HomeScreenHint } from '../features/homeScreen/index.ts';
import { SymbolSearch } from '../features/search/index.ts';
import { ShortcutLayer } from '../features/shortcuts/index.ts';
import { SymbolLayer } from '../features/symbolLayer/index.ts';
import { ReferenceDataLoader } from '../features/symbols/index.ts';
import { HelpLink } from '../ui/helpLink.tsx';
import { appText } from './appText.ts';
import { useSession, useUser } from './session.tsx';

function TierBadge() {
  const { subscription } = useUser();
  if (isProPlus(subscription))
    return <span className="tier-badge tier-badge-plus">{appText.badgeProPlus}</span>;
  if (isPro(subscription)) return <span className="tier-badge">{appText.badgePro}</span>;
  return null;
}

export function TopBar() {
  const { logout } = useSession();
  // Below the mobile breakpoint the menu is a drop-down that following a link closes.
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className="topbar">
      <div className="topbar-brand">
        <Link to="/dashboard" className="logo">
          <span className="logo-mark" aria-hidden="true" />
          {appText.brand}
        </Link>
        <TierBadge />
      </div>
      <SymbolSearch />
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="main-nav"
        onClick={() => setMenuOpen((open) => !open)}
      >
        {appText.menu}
      </button>
      <nav id="main-nav" aria-label={appText.mainNavigation} className={menuOpen ? 'nav nav-open' : 'nav'}>
        <NavLink to="/dashboard" onClick={close}>
          {appText.navDashboard}
        </NavLink>
        <NavLink to="/settings" onClick={close}>
          {appText.navSettings}
        </NavLink>
        <NavLink to="/profile" onClick={close}>
          {appText.navAccount}
        </NavLink>
        {/* The sidebar's section, in the menu where the sidebar is hidden (below the breakpoint). */}
        <NavLink to="/profile/plan" className="nav-narrow-only" onClick={close}>
          {appText.navSubscription}
        </NavLink>
        <HelpLink onClick={close}>{appText.navHelp}</HelpLink>
        <button type="button" className="nav-logout" onClick={logout}>
          {appText.logOut}
        </button>
      </nav>
      {/* The top bar frames every signed-in page: the app-wide overlays, keys and start-up loads live here. */}
      <ReferenceDataLoader />
      <SymbolLayer />
      <HomeScreenHint />
      <ShortcutLayer />
    </header>
  );
}
