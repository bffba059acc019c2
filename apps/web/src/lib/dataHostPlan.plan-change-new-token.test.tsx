import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DiscoveryAccess } from '@tapeline/core';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataHost } from './dataHost.ts';
import { useDataTokenFollowsPlan } from './dataHostPlan.ts';

afterEach(() => vi.restoreAllMocks());

function setup(start: DiscoveryAccess) {
  const client = new QueryClient();
  client.setQueryData(['discovery', '1day'], [{ s: 'ABC' }]);
  client.setQueryData(['symbolFlow', 'moneyFlow', 'ABC'], { '1day': [1, 2] });
  client.setQueryData(['quotes'], []);
  const forget = vi.spyOn(dataHost, 'forget');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ access }) => useDataTokenFollowsPlan(access), {
    initialProps: { access: start },
    wrapper,
  });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { hook, forget, stale };
}

describe('the data token follows the plan', () => {
  it('keeps the token while the plan stays', async () => {
    const { hook, forget } = setup('pro');
    hook.rerender({ access: 'pro' });
    // A change after it is the one call: had the same plan counted, there would be two.
    hook.rerender({ access: 'proplus' });
    await waitFor(() => expect(forget).toHaveBeenCalled());
    await import('./dataHost.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('an upgrade drops the token and the rows the old plan cut; other data stays', async () => {
    const { hook, forget, stale } = setup('pro');
    hook.rerender({ access: 'proplus' });
    await waitFor(() => expect(forget).toHaveBeenCalledTimes(1));
    expect(stale(['discovery', '1day'])).toBe(true);
    expect(stale(['symbolFlow', 'moneyFlow', 'ABC'])).toBe(true);
    expect(stale(['quotes'])).toBe(false);
  });

  it('a downgrade or a lapse does the same', async () => {
    const { hook, forget } = setup('proplus');
    hook.rerender({ access: 'pro' });
    hook.rerender({ access: 'none' });
    await waitFor(() => expect(forget).toHaveBeenCalledTimes(2));
  });
});
