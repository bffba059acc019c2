/** Words of the shared controls in `ui/` (spinner, toast, modal, password fields): on every page, /login too. */
export const controlText = {
  loading: 'Loading…',
  dismiss: 'Dismiss',
  close: 'Close',
  password: 'Password',
  confirmPassword: 'Confirm password',
} as const;
