/** Words of the shared controls in `ui/` (spinner, toast, modal, password fields). */
export const controlText = {
  loading: 'Loading…',
  dismiss: 'Dismiss',
  close: 'Close',
  password: 'Password',
  confirmPassword: 'Confirm password',
} as const;
