// The admin feature's public surface: the user table (shown in the profile's Admin tab) and the role words.
export { AdminScreen } from './AdminScreen.tsx';
export { chatIsActive, roleLabel } from './adminRules.ts';
