import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from '../ui/toast.tsx';
import { SessionProvider } from './session.tsx';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    // A failed call shows its spec message at once; silent retries would only delay it.
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <SessionProvider>{children}</SessionProvider>
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
