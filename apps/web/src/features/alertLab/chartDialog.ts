import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** A point the chart marks: a backtest's fire (its time, price and words). */
export interface ChartMark {
  time: number;
  price: number;
  label: string;
}

/** What the chart shows: a symbol, a session (YYYY-MM-DD; absent: today's, live) and maybe a fire. */
export interface ChartRequest {
  symbol: string;
  date?: string;
  mark?: ChartMark;
}

// The symbol menu's "Chart" and a backtest's fires open one chart for the page.
const store = createStore<{ open: ChartRequest | null }>(() => ({ open: null }));

export const chartDialog = {
  open: (request: ChartRequest) => store.setState({ open: request }),
  close: () => store.setState({ open: null }),
  /** What is open now (tests, and callers outside React). */
  current: () => store.getState().open,
};

export const useChartRequest = () => useStore(store, (s) => s.open);
