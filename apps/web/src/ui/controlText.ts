/** Words of the shared controls in `ui/` (spinner, toast, modal, password fields, tier badge, CSV button). */
export const controlText = {
  loading: 'Loading…',
  dismiss: 'Dismiss',
  close: 'Close',
  password: 'Password',
  confirmPassword: 'Confirm password',
  upgrade: 'Upgrade',
  importCsv: 'Import CSV',
  /** The tier labels of a Pro or Pro+ control (spec wording). */
  proOnly: 'PRO ONLY',
  proPlusOnly: 'PRO + ONLY',
} as const;
