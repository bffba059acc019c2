// The symbols feature's public surface: symbol links, menus and popups (the overlay store), reference data.
export type { FlowKind } from './flowData.ts';
export { overlays, rectOf, useOverlays } from './overlayStore.ts';
export { ReferenceDataLoader } from './ReferenceDataLoader.tsx';
export { SymbolLink } from './SymbolLink.tsx';
export { SymbolOverlays } from './SymbolOverlays.tsx';
export { symbolText } from './symbolText.ts';
export { useOpenSymbolMenu } from './useOpenSymbolMenu.ts';
