import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeQueryClient } from '../lib/queryClient.ts';
import { ToastProvider } from '../ui/toast.tsx';

/** Where the router is now, so a test can assert a navigation the user would see. */
function LocationProbe() {
  const location = useLocation();
  return (
    <span hidden data-testid="location">
      {`${location.pathname}${location.search}`}
    </span>
  );
}

export interface RenderOptions {
  /** The URL the router starts at. */
  at?: string;
  /** The route pattern the element is mounted on (for useParams); default: every path. */
  path?: string;
  /** The app's retry policy (lib/queryClient.ts) without its waits; default: no retries. */
  retries?: boolean;
  /** Wraps the element inside the router (e.g. a SessionProvider). */
  wrap?: (children: ReactNode) => ReactNode;
}

/** Renders like the app does: a fresh QueryClient (no retries unless asked), toasts and the real router. */
export function renderUi(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.retries
    ? makeQueryClient({ retryDelayMs: () => 0 })
    : new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = options.wrap ?? ((children: ReactNode) => children);
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[options.at ?? '/']}>
          {wrap(
            <Routes>
              <Route path={options.path ?? '*'} element={ui} />
              {options.path && <Route path="*" element={null} />}
            </Routes>,
          )}
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
