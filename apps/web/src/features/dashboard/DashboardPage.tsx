import {
  activate,
  activeLayout,
  canOpenDiscovery,
  discoveryMessages,
  type Layout,
  type LayoutKey,
  resetLayout,
  setLocked,
  toggleWidget,
  type WidgetToggle,
} from '@tapeline/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUser } from '../../app/session.tsx';
import { useSettings, useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ConnectionPill } from '../connection/index.ts';
import { DashboardCommandSource } from '../palette/index.ts';
import { DashboardBar } from './DashboardBar.tsx';
import { DashboardGrid } from './DashboardGrid.tsx';
import { FeedBadge } from './FeedBadge.tsx';
import { LayoutMenu } from './LayoutMenu.tsx';
import { PopupBlockedBanner } from './PopupBlockedBanner.tsx';
import { usePopouts } from './usePopouts.ts';
import '../../ui/widget.css';
import './dashboard.css';
import { dashboardText as text } from './dashboardText.ts';

export const UPGRADE_QUESTION = discoveryMessages.upgrade;

/** The dashboard: the saved layout restored (a spinner until then), its bar and its grid. */
export function DashboardPage() {
  const store = useSettingsStore();
  const { status, layouts, config } = useSettings();
  const { subscription } = useUser();
  const navigate = useNavigate();
  const popouts = usePopouts(store);
  const [askUpgrade, setAskUpgrade] = useState(false);

  const changeActive = useCallback(
    (change: (layout: Layout) => Layout) =>
      store.updateLayouts((all) => {
        let changed = false;
        const next = all.map((l) => {
          if (!l.active) return l;
          const after = change(l);
          changed ||= after !== l;
          return after;
        });
        return changed ? next : all;
      }),
    [store],
  );

  // The dashboard opens at its top, wherever the page before it was scrolled to.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, []);

  // Windows left open in the saved layout come back (the browser may block them: banner).
  const reopened = useRef(false);
  useEffect(() => {
    if (status !== 'ready' || reopened.current) return;
    reopened.current = true;
    for (const p of activeLayout(store.getSnapshot().layouts).popout)
      if (p.open) void popouts.open(p.widget, false);
  }, [status, store, popouts]);

  if (status === 'loading') {
    return (
      <div className="dashboard-loading" data-testid="layout-spinner">
        <Spinner label={text.restoring} />
      </div>
    );
  }

  const layout = activeLayout(layouts);
  const onToggle = (toggle: WidgetToggle) => {
    // Core's one Discovery predicate: a Pro plan (old or new) or Pro Plus. The spec asks on every
    // click of a trader without it; the tile's own question has Cancel, which hides the tile.
    if (toggle === 'DISCOVERY' && !canOpenDiscovery(subscription)) {
      setAskUpgrade(true);
      return;
    }
    changeActive((l) => toggleWidget(l, toggle));
  };
  const forLayout = (fn: (all: Layout[], key: LayoutKey) => Layout[]) => (key: LayoutKey) =>
    store.updateLayouts((all) => fn(all, key));

  return (
    <div className="dashboard-page" data-layout={layout.key}>
      <DashboardBar layout={layout} onToggle={onToggle}>
        <ConnectionPill />
        <FeedBadge />
        <LayoutMenu
          layouts={layouts}
          onActivate={forLayout(activate)}
          onLock={(key, locked) => store.updateLayouts((all) => setLocked(all, key, locked))}
          onReset={(key) => {
            // The windows open are the active layout's: its reset closes them (it clears pop-outs).
            if (key === layout.key) popouts.closeAll();
            store.updateLayouts((all) => resetLayout(all, key));
          }}
        />
      </DashboardBar>
      {popouts.blocked && <PopupBlockedBanner onDismiss={popouts.dismissBlocked} />}
      <DashboardGrid
        layout={layout}
        config={config}
        onLayoutChange={changeActive}
        onPopout={(widget) => void popouts.open(widget)}
        isPoppedOut={(widget) => layout.popout.some((p) => p.widget === widget && p.open)}
      />
      <ConfirmDialog
        open={askUpgrade}
        message={UPGRADE_QUESTION}
        onCancel={() => setAskUpgrade(false)}
        onConfirm={() => {
          setAskUpgrade(false);
          navigate('/profile/plan');
        }}
      />
      {/* The command palette's layouts and widget toggles, from this page's store. */}
      <DashboardCommandSource />
    </div>
  );
}
