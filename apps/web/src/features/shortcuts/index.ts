// The shortcuts feature's public surface: the key layer and the shortcut table the help page shows.
export { SHORTCUTS } from './registry.ts';
export { ShortcutLayer } from './ShortcutLayer.tsx';
export { ShortcutTable } from './ShortcutsDialog.tsx';
