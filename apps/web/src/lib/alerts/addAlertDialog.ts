import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

// The symbol menu's "Add alert" opens one dialog for the page, wherever the symbol was clicked.
const store = createStore<{ symbol: string | null }>(() => ({ symbol: null }));

export const addAlertDialog = {
  open: (symbol: string) => store.setState({ symbol }),
  close: () => store.setState({ symbol: null }),
};

export const useAddAlertSymbol = () => useStore(store, (s) => s.symbol);
