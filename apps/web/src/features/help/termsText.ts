/**
 * The built-in Terms of Service (/terms), linked from the sign-up checkbox. A placeholder for
 * the operator to replace with their own terms before opening sign-ups (docs/operations.md
 * "Terms of Service"); it says so rather than pretending to be legal text.
 */
export const termsText = {
  title: 'Terms of Service',
  placeholderNotice:
    'These are placeholder terms. The operator of this service replaces them with their own before accepting sign-ups.',
  backToSignUp: 'Back to sign up',
  sections: [
    [
      'The service',
      'The service shows market data, alerts, news and a chat for traders. It is information, not advice: nothing shown is a recommendation to buy or sell any security.',
    ],
    [
      'Your account',
      'Keep your password to yourself and tell the operator if you think someone else used your account. One account per person.',
    ],
    [
      'Subscriptions',
      'Paid plans renew until you cancel them from your profile. A cancelled plan runs to the end of the period already paid.',
    ],
    [
      'Market data',
      'Data may be delayed, incomplete or wrong. Check prices with your broker before trading.',
    ],
    [
      'Chat',
      'Be civil. Moderators may delete messages and ban accounts that spam, harass or promote schemes.',
    ],
    [
      'Changes',
      'The operator may change these terms; continuing to use the service after a change means you accept it.',
    ],
  ],
} as const;
