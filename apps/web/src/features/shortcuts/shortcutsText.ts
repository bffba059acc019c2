/** Interface text of the keyboard layer and its shortcut list. */
export const shortcutsText = {
  title: 'Keyboard shortcuts',
  keysHeader: 'Keys',
  actionHeader: 'Action',
  typingNote: 'Single-key shortcuts are off while you type in a field.',
  plus: '+',
  labels: {
    shortcuts: 'Show this list of keyboard shortcuts',
    quotes: 'Edit your quotes (with the Quote widget on the dashboard); elsewhere, search symbols',
    palette: 'Command palette: open a symbol, switch layouts, toggle widgets, go to a page',
    close: 'Close the open dialog, menu or palette',
  },
} as const;
