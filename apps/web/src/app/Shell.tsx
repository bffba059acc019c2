import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

/** Redirect rule 5: the top bar and footer frame the app for verified, subscribed users. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <TopBar />
      <main className="shell-main">{children}</main>
      <Footer />
    </div>
  );
}
