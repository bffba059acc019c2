/** Interface text of the top-bar search the spec leaves to us ('NO RESULTS FOUND' comes from core). */
export const searchText = {
  placeholder: 'Search symbol or @user',
  open: 'Search',
  close: 'Close search',
  cancel: 'Cancel',
  results: 'Search results',
  userHint: 'Type at least 3 characters after @',
  loading: 'Loading…',
} as const;
