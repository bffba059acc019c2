// The stream feature's public surface: the Stream widget (lazy), its toolbar, channel names and entry marks.
export { marksOf } from './entryMarks.ts';
export { StreamToolbar } from './StreamToolbar.tsx';
export { isStreamWidget, streamHeading } from './streamChannel.ts';
export const loadStreamWidget = () => import('./StreamWidget.tsx');
