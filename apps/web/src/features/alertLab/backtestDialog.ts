import type { BacktestRuleInput } from '@tapeline/core';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** A rule to backtest and the words naming it in the panel's title ("Gappers", "AAPL Price"). */
export interface BacktestAsk {
  rule: BacktestRuleInput;
  title: string;
}

// The Discovery modal, the filtered-alert modal and Notifications' rules open one panel for the page.
const store = createStore<{ open: BacktestAsk | null }>(() => ({ open: null }));

export const backtestDialog = {
  open: (ask: BacktestAsk) => store.setState({ open: ask }),
  close: () => store.setState({ open: null }),
  current: () => store.getState().open,
};

export const useBacktestAsk = () => useStore(store, (s) => s.open);
