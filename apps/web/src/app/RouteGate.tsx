import { decideRoute, messages, type SessionView } from '@tapeline/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { InlineSpinner, PageSpinner } from '../ui/Spinner.tsx';
import { appText } from './appText.ts';
import type { GateContext } from './chrome.ts';
import { Shell } from './Shell.tsx';
import { type SessionState, useSession } from './session.tsx';

function viewOf(state: SessionState): SessionView {
  return state.status === 'unavailable' ? { status: 'loading' } : state;
}

/** The one place that applies the redirect rules 1–5 of spec §2 to every route. */
export function RouteGate() {
  const { state } = useSession();
  const location = useLocation();

  if (state.status === 'unavailable') return <SessionUnavailable retrying={state.retrying} />;

  const decision = decideRoute(viewOf(state), location.pathname);
  if (decision.kind === 'spinner') return <PageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const context: GateContext = { chrome: decision.chrome };
  if (!decision.chrome) return <Outlet context={context} />;
  return (
    <Shell>
      <Outlet context={context} />
    </Shell>
  );
}

/** A stored session that the API could not confirm: retry rather than silently log out. */
function SessionUnavailable({ retrying }: { retrying: boolean }) {
  const { refresh, logout } = useSession();
  return (
    <main className="page-center">
      <section className="card auth-card">
        <h1>{appText.brand}</h1>
        <p className="form-message form-message-error" role="alert">
          {messages.serviceNotAvailable}
        </p>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={refresh} disabled={retrying}>
            {retrying ? <InlineSpinner /> : null}
            {appText.tryAgain}
          </button>
          <button type="button" className="btn btn-ghost" onClick={logout}>
            {appText.logOut}
          </button>
        </div>
      </section>
    </main>
  );
}
