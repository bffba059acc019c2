/** Interface text of the command palette. */
export const paletteText = {
  title: 'Command palette',
  placeholder: 'Type a symbol, a layout, a widget or a page…',
  empty: 'Nothing matches.',
  loadingSymbols: 'Loading symbols…',
  groupSymbols: 'Symbols',
  groupLayouts: 'Layouts',
  groupWidgets: 'Widgets',
  groupGoTo: 'Go to',
  activeLayout: 'active',
  switchTo: (label: string) => `Switch to ${label}`,
  show: (toggle: string) => `Show ${toggle}`,
  hide: (toggle: string) => `Hide ${toggle}`,
  locked: (label: string) => `${label} is locked — unlock it to change widgets.`,
  proOnly: 'Only with the Pro plan.',
  goTo: (page: string) => `Go to ${page}`,
  newTab: (url: string) => `${url} (new tab)`,
} as const;
