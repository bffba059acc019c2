import { PRODUCT_NAME } from '@tapeline/core';

/** Interface text of the shell: top bar, navigation and the route gate's failure screen. */
export const appText = {
  brand: PRODUCT_NAME,
  tryAgain: 'Try again',
  logOut: 'Log out',
  menu: 'Menu',
  mainNavigation: 'Main',
  navDashboard: 'Dashboard',
  navSettings: 'Settings',
  navAccount: 'Account',
  navHelp: 'Help',
  navSubscription: 'Subscription',
  sectionsNavigation: 'Sections',
  sidebarExpand: 'Expand the sidebar',
  sidebarCollapse: 'Collapse the sidebar',
  badgePro: 'PRO',
  badgeProPlus: 'PRO+',
} as const;
