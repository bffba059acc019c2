import { lazy, Suspense } from 'react';

// Live alerts need the socket client and the voice queue, which the signed-out pages never
// load: a chunk of their own (the /login budget in e2e/bundle.spec.ts).
const AlertsRuntime = lazy(() => import('./AlertsRuntime.tsx').then((m) => ({ default: m.AlertsRuntime })));

/** The tab's live alerts (see AlertsRuntime), loaded after the page. */
export function LiveAlerts({ speak = true }: { speak?: boolean }) {
  return (
    <Suspense fallback={null}>
      <AlertsRuntime speak={speak} />
    </Suspense>
  );
}
