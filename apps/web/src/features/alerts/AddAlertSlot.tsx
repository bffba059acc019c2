import { lazy, Suspense } from 'react';
import { useAddAlertSymbol } from '../../lib/alerts/addAlertDialog.ts';

// The dialog's form code loads the first time a trader asks for it, not with every page.
const AddAlertHost = lazy(() => import('./AddAlertDialog.tsx').then((m) => ({ default: m.AddAlertHost })));

/** Where the symbol menu's Add-alert dialog appears; mounted with the page's symbol overlays. */
export function AddAlertSlot() {
  const symbol = useAddAlertSymbol();
  return symbol ? (
    <Suspense fallback={null}>
      <AddAlertHost />
    </Suspense>
  ) : null;
}
