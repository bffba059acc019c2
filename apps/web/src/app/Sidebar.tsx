import { type ReactNode, useState } from 'react';
import { NavLink } from 'react-router';
import { STORAGE_PREFIX } from '../lib/storageKeys.ts';
import { HelpLink } from '../ui/helpLink.tsx';
import { appText } from './appText.ts';
import '../styles/sidebar.css';

/** Whether the trader widened the rail to show the labels (continuity §4: 'tapeline.sidebar'). */
export const SIDEBAR_KEY = `${STORAGE_PREFIX}sidebar`;

function readExpanded(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_KEY) === 'expanded';
  } catch {
    return false;
  }
}

function saveExpanded(expanded: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_KEY, expanded ? 'expanded' : 'collapsed');
  } catch {
    // Storage disabled: the choice lasts this page only.
  }
}

const icon = (path: ReactNode) => (
  <svg
    className="sidebar-icon"
    width="20"
    height="20"
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {path}
  </svg>
);

const ICONS = {
  dashboard: icon(
    <>
      <rect x="3" y="3" width="6" height="8" rx="1" />
      <rect x="11" y="3" width="6" height="5" rx="1" />
      <rect x="11" y="10" width="6" height="7" rx="1" />
      <rect x="3" y="13" width="6" height="4" rx="1" />
    </>,
  ),
  settings: icon(
    <>
      <path d="M4 5h12M4 10h12M4 15h12" />
      <circle cx="8" cy="5" r="1.6" fill="currentColor" />
      <circle cx="13" cy="10" r="1.6" fill="currentColor" />
      <circle cx="6" cy="15" r="1.6" fill="currentColor" />
    </>,
  ),
  subscription: icon(
    <>
      <rect x="2.5" y="5" width="15" height="10" rx="1.5" />
      <path d="M2.5 8.5h15M5.5 12h3" />
    </>,
  ),
  help: icon(
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M8 8a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2v.5" />
      <circle cx="10" cy="14" r=".6" fill="currentColor" />
    </>,
  ),
  expand: icon(<path d="m8 5 5 5-5 5" />),
  collapse: icon(<path d="m12 5-5 5 5 5" />),
};

/**
 * The sidebar of the accounts spec §2 (Dashboard, Settings, Subscription) and the Help link: a
 * rail of icons that widens to show the labels. Below the mobile breakpoint it hides (CSS) and
 * the top bar's menu carries the same links.
 */
export function Sidebar() {
  const [expanded, setExpanded] = useState(readExpanded);
  const toggle = () => {
    setExpanded((was) => {
      saveExpanded(!was);
      return !was;
    });
  };
  const label = (text: string) => <span className="sidebar-label">{text}</span>;
  // Collapsed, the label is for screen readers and the tooltip names the icon.
  const tip = (text: string) => (expanded ? undefined : text);

  return (
    <aside className={expanded ? 'sidebar sidebar-expanded' : 'sidebar'} data-testid="sidebar">
      <nav aria-label={appText.sectionsNavigation} className="sidebar-nav">
        <NavLink to="/dashboard" className="sidebar-link" title={tip(appText.navDashboard)}>
          {ICONS.dashboard}
          {label(appText.navDashboard)}
        </NavLink>
        <NavLink to="/settings" className="sidebar-link" title={tip(appText.navSettings)}>
          {ICONS.settings}
          {label(appText.navSettings)}
        </NavLink>
        <NavLink to="/profile/plan" className="sidebar-link" title={tip(appText.navSubscription)}>
          {ICONS.subscription}
          {label(appText.navSubscription)}
        </NavLink>
        <HelpLink className="sidebar-link" title={tip(appText.navHelp)}>
          {ICONS.help}
          {label(appText.navHelp)}
        </HelpLink>
      </nav>
      <button
        type="button"
        className="sidebar-toggle"
        aria-expanded={expanded}
        aria-label={expanded ? appText.sidebarCollapse : appText.sidebarExpand}
        title={expanded ? appText.sidebarCollapse : appText.sidebarExpand}
        onClick={toggle}
      >
        {expanded ? ICONS.collapse : ICONS.expand}
      </button>
    </aside>
  );
}
