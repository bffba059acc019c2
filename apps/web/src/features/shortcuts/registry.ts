import { shortcutsText } from './shortcutsText.ts';

/**
 * Every keyboard shortcut of the app, in one list: the key layer binds them, and the shortcut
 * list ('?') and the help page render them, so what is listed is what works.
 */
export type ShortcutId = 'shortcuts' | 'quotes' | 'palette' | 'close';

export interface Shortcut {
  id: ShortcutId;
  /** The tinykeys binding ('$mod' is Ctrl, or Cmd on a Mac); null when a dialog handles the key itself. */
  binding: string | null;
  /** The keys as shown to the trader. */
  keys: readonly string[];
  label: string;
  /** Whether the key still works while the focus is in a text field (a modifier chord types nothing). */
  whileTyping: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'shortcuts',
    // '?' is Shift+/ on most layouts but not all: Shift is optional, the character decides.
    binding: '[Shift]+?',
    keys: ['?'],
    label: shortcutsText.labels.shortcuts,
    whileTyping: false,
  },
  {
    id: 'quotes',
    binding: '/',
    keys: ['/'],
    label: shortcutsText.labels.quotes,
    whileTyping: false,
  },
  {
    id: 'palette',
    binding: '$mod+KeyK',
    keys: ['Ctrl', 'K'],
    label: shortcutsText.labels.palette,
    whileTyping: true,
  },
  {
    id: 'close',
    binding: null,
    keys: ['Esc'],
    label: shortcutsText.labels.close,
    whileTyping: true,
  },
];

/** Whether this browser runs on a Mac, where '$mod' is Cmd (⌘) rather than Ctrl. */
export function isApplePlatform(platform: string = navigator.platform): boolean {
  return /Mac|iPhone|iPad|iPod/.test(platform);
}

/** A shortcut's keys as this platform's keyboard labels them. */
export function keysFor(shortcut: Shortcut, apple: boolean = isApplePlatform()): readonly string[] {
  return shortcut.keys.map((key) =>
    key === 'Ctrl' && shortcut.binding?.startsWith('$mod') && apple ? '⌘' : key,
  );
}
