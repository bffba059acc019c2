import { POPOUT_WIDGETS } from '../dashboard/widgets.ts';
import { isActive, type SubscriptionState } from './subscription.ts';

export type SessionView =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | {
      status: 'authenticated';
      user: { email_verified: boolean; subscription: SubscriptionState | null };
    };

export type RouteDecision =
  | { kind: 'spinner' }
  | { kind: 'redirect'; to: string }
  | { kind: 'render'; chrome: boolean };

export const PUBLIC_PATHS = ['/login', '/register', '/forgot-password', '/reset-password', '/verify'];
export const PROFILE_TABS = ['profile', 'payment', 'plan', 'admin'] as const;

type Area = 'public' | 'verify' | 'help' | 'dashboard' | 'settings' | 'profile' | 'popout' | 'unknown';

function areaOf(pathname: string): Area {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/verify') return 'verify';
  // The terms are read before signing up, like the help: both are reading pages for everyone.
  if (path === '/help' || path === '/terms') return 'help';
  if (PUBLIC_PATHS.includes(path)) return 'public';
  if (path === '/dashboard') return 'dashboard';
  if (path === '/settings') return 'settings';
  if (path === '/profile') return 'profile';
  const profile = /^\/profile\/([^/]+)$/.exec(path);
  if (profile) return (PROFILE_TABS as readonly string[]).includes(profile[1] ?? '') ? 'profile' : 'unknown';
  const popout = /^\/popout\/([^/]+)$/.exec(path);
  if (popout) return (POPOUT_WIDGETS as readonly string[]).includes(popout[1] ?? '') ? 'popout' : 'unknown';
  return 'unknown';
}

/** Where a signed-in user belongs: /verify, /profile or /dashboard (spec §4 "Login"). */
export function homeFor(user: { email_verified: boolean; subscription: SubscriptionState | null }): string {
  if (!user.email_verified) return '/verify';
  if (!isActive(user.subscription)) return '/profile';
  return '/dashboard';
}

function hasChrome(session: SessionView): boolean {
  return (
    session.status === 'authenticated' && session.user.email_verified && isActive(session.user.subscription)
  );
}

/**
 * The redirect rules 1–5 of spec §2. Public pages stay reachable for visitors; a signed-in
 * user on a public page is taken home. /verify is public so that its link-error state shows
 * to visitors who opened a used link in another browser.
 */
export function decideRoute(session: SessionView, pathname: string): RouteDecision {
  const area = areaOf(pathname);
  if (session.status === 'loading') return { kind: 'spinner' };
  if (area === 'unknown') return { kind: 'redirect', to: '/dashboard' };
  // The built-in help page (HELP_URL's default) answers everyone, also on the sign-in screens;
  // it is framed by the top bar and sidebar only for those who may use them (rule 5).
  if (area === 'help') return { kind: 'render', chrome: hasChrome(session) };

  if (session.status === 'anonymous') {
    if (area === 'public' || area === 'verify') return { kind: 'render', chrome: false };
    return { kind: 'redirect', to: '/login' };
  }

  const { user } = session;
  const home = homeFor(user);
  if (area === 'public') return { kind: 'redirect', to: home };
  if (!user.email_verified) {
    return area === 'verify' ? { kind: 'render', chrome: false } : { kind: 'redirect', to: '/verify' };
  }
  if (area === 'verify') return { kind: 'redirect', to: home };
  if (!isActive(user.subscription)) {
    return area === 'profile' ? { kind: 'render', chrome: false } : { kind: 'redirect', to: '/profile' };
  }
  return { kind: 'render', chrome: area !== 'popout' };
}
