/**
 * User-facing text from the specification, word for word. Screens and the server both read
 * from here so that a wording change happens in one place.
 */
export const messages = {
  invalidEmailRegistration: 'Please enter a valid email address',
  invalidEmail: 'Email address is invalid',
  passwordsDoNotMatch: 'The passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  termsRequired: 'Please accept the terms of service',
  passwordCommon: 'This password is too common. Please choose a less guessable one',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordNotSet:
    'Your account signs in with Google and has no password yet. Use Forgot password to set one first',
  sessionExpired: 'Your session has expired. Please log in again.',

  loginInvalidEmail: 'Invalid email',
  loginInvalidCredentials: 'Invalid email or password',
  loginEmpty: 'Empty email or password',
  registerEmpty: 'Empty email or password or username',
  serviceNotAvailable: 'Service not available',
  unknownProblem: 'Unknown problem',
  googleFailed: 'Failed to sign in with Google, please try again',
  invalidAccessToken: 'Invalid access_token',
  accessTokenExpired: 'access_token expired',

  signupInvalidContent: 'Content is invalid. Please try again',
  signupDuplicateActive: 'Email address is already registered',
  signupDuplicatePending:
    'Email address is pending verification. If you have not received email, then assign different email or wait 2 hours and try again',
  signupFailed: 'Failed to signup. Please try again',

  resendNoUser: 'Email is not registered. Please signup first',
  resendFailed: 'Failed to resend. Please try again',
  resendSuccess: 'Verification link has been sent successfully',

  forgotNoUser: 'Email address is not registered',
  forgotFailed: 'Failed to send instructions. Please try again',

  resetInvalid: 'This link is expired or token is invalid',
  resetFailed: 'Failed to reset password. Please try again',
  resetSuccess: 'Your password has been reset. Redirecting to login…',

  verifyLinkInvalid: 'The one-time link was used or is no longer valid',
  /** On /login after the mailed verification link was opened (`?_t=verified`). */
  emailVerified: 'Your email address is verified. Log in to continue',

  accountDuplicate: 'Email is duplicated. Please try again with a different email address',
  emailChangeSent:
    'We sent a confirmation link to your new address. Your email changes once you open it; until then you sign in with the current one',
  emailChanged: 'Your email address has been changed',
  accountUpdateFailed: 'Failed to update profile. Please try again',
  profileUpdated: 'Profile updated successfully',

  billingHistoryFailed: 'Failed to fetch the payment history',
  plansFailed: 'Failed to get plans!',
  paymentMethodFailed: 'Payment method verification failed!',
  couponInvalid: 'Invalid Coupon Code!',
  subscriptionFailed: 'Subscription Failed, please try again!',
  cancelFailed: 'Failed to cancel the subscription, please try again!',
  discountInvalid: 'Invalid discount code!',
  couponRequired: 'Please enter the discount code!',
  cardNameRequired: 'Please enter the name',
  paymentComplete: 'Payment complete',
  trialNote: 'following 5 day trial',

  usernameRequired: 'Username is required',
  usernameTaken: 'Username is already taken',
  usernameForbidden: 'Username contains characters that are not allowed',
  profileFetchFailed: 'Failed to fetch profile!',
  imageTooLarge: 'Image file size is too large',
  imageUploadFailed: 'Failed to upload profile image!',
  profileSaveFailed: 'Failed to update profile!',

  adminUpdateFailed: 'Failed to update user setting!',
  adminUpdated: 'User setting has been updated!',
  noResults: 'NO RESULTS FOUND',
  userListFailed: 'Failed to fetch user list!',
  usernamesFailed: 'Failed to fetch usernames!',
  stockNamesFailed: 'Failed to fetch stock names!',
  /** POST /api/stock_stats/inc: not a symbol of the market's reference data (answer not shown). */
  invalidSymbol: 'Symbol is invalid',
  /** Money flow and volume popups, when empty or failed (dashboard spec §8). */
  dataUnavailable: 'Data unavailable.',
  /** LOAD RECENT (`GET /data/stream_bk`) failed (dashboard spec §8 messages). */
  recentStreamFailed: 'Failed to get recent stream.',
  /** The dashboard's settings: loading them, saving the layouts, saving the config (spec §4). */
  settingsLoadFailed: 'Failed to get settings',
  layoutSaveFailed: 'Failed to update layout changes',
  configSaveFailed: 'Failed to update setting changes',

  rateLimited: 'Too many attempts. Please wait a few minutes and try again',
  payloadTooLarge: 'Request body is too large',
  malformedRequest: 'Request is malformed',
  notFound: 'Not found',
  internal: 'Unknown problem',

  footer: 'Designed for fellow traders and investors',
  copyrightYear: 2023,
} as const;

export type MessageKey = keyof typeof messages;

/**
 * The server's own error texts, besides the spec's `messages` above: guards, the data host,
 * billing, mail, admin. Word for word: clients and tests compare them.
 */
export const serverMessages = {
  unverified: 'Please verify your email address first',
  subscriptionRequired: 'An active subscription is required',
  upgradeRequired: 'Upgrade your plan to use this',
  forbidden: 'You are not allowed to do this',
  /** The data host's 403: Discovery or money flow below the plan that opens them. */
  dataUpgradeRequired: 'Upgrade your plan to see this',
  adminProtected: "An admin's role can only be changed with the CLI",
  mailUnavailable: 'Mail could not be sent. Please try again later',
  unsupportedContentType: 'Unsupported content type',
  webhookSignature: 'Webhook signature verification failed',
  cardRequired: 'Add a card before subscribing',
  providerIncomplete: 'The payment provider gave an incomplete answer',
  providerUnavailable: 'The payment provider is not available',
  noSuchCoupon: (code: string) => `No such coupon: ${code}`,
  noSuchSubscription: (id: string) => `No such subscription: ${id}`,
  noSuchPlan: (id: string) => `No such plan: ${id}`,
  notResumable: (id: string) => `Subscription ${id} has ended; subscribe again instead`,
  noSuchCardToken: (token: string) => `No such token: '${token}'`,
  cardTokenReused: (token: string) => `You cannot use a token more than once: ${token}`,
  invalidSymbolNamed: (raw: string) => `${raw} is not a valid symbol`,
  emailAlreadyVerified: 'Email address is already verified',
  /** The local card form answers in Stripe's own words (its tokenizer's checks and declines). */
  cardNumberIncorrect: 'Your card number is incorrect.',
  cardExpMonthInvalid: "Your card's expiration month is invalid.",
  cardExpYearInvalid: "Your card's expiration year is invalid.",
  cardExpired: "Your card's expiration date is in the past.",
  cardCvcInvalid: "Your card's security code is invalid.",
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardHasExpired: 'Your card has expired.',
  cardCvcIncorrect: "Your card's security code is incorrect.",
  /** A settings save the schema refused, naming the first problem and where it is. */
  settingsInvalid: (what: string, path: readonly PropertyKey[], problem: string) =>
    `${what} is invalid${path.length > 0 ? ` at ${path.join('.')}` : ''}: ${problem}`,
} as const;
