// The search feature's public surface: the top bar's symbol and @user search, and its stats.
export { SymbolSearch } from './SymbolSearch.tsx';
export { useSearchStats } from './useSearchStats.ts';
