// The connection feature's public surface: the live/reconnecting pill.
export { ConnectionPill } from './ConnectionPill.tsx';
export { connectionText } from './connectionText.ts';
