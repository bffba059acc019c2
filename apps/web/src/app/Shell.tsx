import { lazy, type ReactNode, Suspense } from 'react';
import { Footer } from './Footer.tsx';

// The top bar brings symbol search, menus and popups that signed-out pages never show: it is a
// chunk of its own so /login stays within its budget (e2e/bundle.spec.ts). Until it arrives an
// empty bar of the same height holds its place, so the page below does not jump.
const TopBar = lazy(() => import('./TopBar.tsx').then((m) => ({ default: m.TopBar })));
// The sidebar is signed-in chrome as well: its own small chunk, its rail drawn once it arrives.
const Sidebar = lazy(() => import('./Sidebar.tsx').then((m) => ({ default: m.Sidebar })));

/** Redirect rule 5: the top bar, sidebar and footer frame the app for verified, subscribed users. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <Suspense fallback={<header className="topbar" />}>
        <TopBar />
      </Suspense>
      <div className="shell-body">
        <Suspense fallback={null}>
          <Sidebar />
        </Suspense>
        {/* The footer shares the main column: the sticky sidebar's box then runs to the page's
            end, so it never slides up under the top bar as a long page's footer comes in. */}
        <div className="shell-column">
          <main className="shell-main">{children}</main>
          <Footer />
        </div>
      </div>
    </div>
  );
}
