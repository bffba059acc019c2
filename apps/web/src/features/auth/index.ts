// The auth feature's public surface: the signed-out pages and the account form rules.
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
export { VerifyPage } from './VerifyPage.tsx';
export { accountForm } from './validation.ts';
