/** Interface text of the keyboard layer and its shortcut list. */
export const shortcutsText = {
  title: 'Keyboard shortcuts',
  keysHeader: 'Keys',
  actionHeader: 'Action',
  typingNote: 'Single-key shortcuts are off while you type in a field.',
  plus: '+',
} as const;
