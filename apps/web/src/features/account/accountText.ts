/** Interface text of the profile page and its Account and Profile tabs. */
export const accountText = {
  email: 'Email',
  save: 'Save',
  logOut: 'Log out',
  profileTitle: 'Your account',
  signedInAs: 'Signed in as',
  profileSections: 'Account sections',
  tabAccount: 'Account',
  tabProfile: 'Profile',
  tabPayment: 'Payment',
  tabPlan: 'Plan',
  tabAdmin: 'Admin',
  accountIntro:
    'Change your sign-in email or password. Leave the password empty to keep it. Either change needs your current password.',
  currentPassword: 'Current password',
  pendingEmail: (address: string) =>
    `Waiting for confirmation: open the link we sent to ${address} to make it your sign-in email.`,

  profile: {
    chatStatus: 'Chat',
    chatActive: 'Active',
    chatInactive: 'Inactive',
    service1yr: '1 Year of Service',
    vip: 'VIP',
    monthlyStats: 'This month',
    posts: 'Posts',
    vibe: 'Vibe',
    username: 'Username',
    image: 'Profile image',
    chooseImage: 'Choose image',
    imagePreview: 'Profile image preview',
    imageHint: 'PNG, JPEG, GIF or WebP, up to 10 MB.',
    imageNotImage: 'Please choose an image file',
    chatNotification: 'Notify me about chat mentions',
  },
} as const;
