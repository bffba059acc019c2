import { PASSWORD_MIN_LENGTH } from '@tapeline/core';

/**
 * Labels, headings and explanations of the sign-in screens, which the spec leaves to us. Error
 * and success messages come from core's `messages`; nothing here restates one of those.
 */
export const authText = {
  tagline: 'The live market tape for day traders',
  tryAgain: 'Try again',
  or: 'or',

  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  keepSignedIn: 'Keep me signed in',
  /** The sign-up checkbox: termsAgree then a link reading termsLink (to /terms). */
  termsAgree: 'I agree to the',
  termsLink: 'Terms of Service',

  logIn: 'Log in',
  signUp: 'Sign up',
  sendInstructions: 'Send instructions',
  resetPassword: 'Reset password',
  resendVerification: 'Resend verification email',
  logOut: 'Log out',
  googleSignIn: 'Sign in with Google',
  forgotPassword: 'Forgot password?',
  createAccount: 'Create account',
  backToLogin: 'Back to login',

  loginTitle: 'Welcome back',
  loginNoAccount: 'New here?',
  registerTitle: 'Create your account',
  registerHaveAccount: 'Already have an account?',
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters`,
  verifyTitle: 'Verify your email',
  verifySentTo: 'We sent a verification link to',
  verifyOpenLink: 'Open the link in that email to activate your account.',
  verifyAskEmail: 'Enter the email address you signed up with and we will send you a new link.',
  forgotTitle: 'Forgot your password?',
  forgotIntro: 'Enter the email address of your account and we will send you instructions to reset it.',
  forgotSentTitle: 'Check your email',
  forgotSentTo: 'We sent instructions to reset your password to',
  forgotSentHint: 'Did not get it? Check your spam folder or try again.',
  resetTitle: 'Set a new password',
  resetIntro: `Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.`,
} as const;
