// The settings feature's public surface: the page (lazy) and the symbol-list import the Quote editor shares.
export const loadSettingsPage = () => import('./SettingsPage.tsx');
export { settingsMessages } from './settingsText.ts';
export { isWideList } from './symbolList.ts';
export { useSymbolsCsv } from './useSymbolsCsv.ts';
