// The homeScreen feature's public surface: the iPhone add-to-home hint.
export { HomeScreenHint } from './HomeScreenHint.tsx';
