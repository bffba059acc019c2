// The symbol layer's public surface: the menu, popups and their dialogs, mounted once per page.
export { SymbolLayer } from './SymbolLayer.tsx';
