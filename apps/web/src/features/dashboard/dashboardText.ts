/** Interface text of the dashboard frame. */
export const dashboardText = {
  comingSoon: 'This section is being built and will arrive in an upcoming release.',
} as const;
