import { useOutletContext } from 'react-router';

/** What the RouteGate decided about the top bar and footer, for pages that frame themselves. */
export interface GateContext {
  chrome: boolean;
}

export function useHasChrome(): boolean {
  return useOutletContext<GateContext | undefined>()?.chrome ?? false;
}
