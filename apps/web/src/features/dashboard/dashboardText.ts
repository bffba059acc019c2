/** Interface text of the dashboard frame. */
export const dashboardText = {
  comingSoon: 'This section is being built and will arrive in an upcoming release.',
  locked: 'Locked',
  unlocked: 'Unlocked',
  resetQuestion: (label: string) =>
    `Reset ${label}? Its grid goes back to the default and its pop-outs close.`,
  resetConfirm: 'Reset',
} as const;
