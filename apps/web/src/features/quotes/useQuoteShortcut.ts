import { useEffect, useRef } from 'react';

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Any modal on screen (the app's native dialogs, or an aria-modal one such as the filter modal). */
const MODAL = 'dialog[open], [aria-modal="true"]';

/** Whether a key press is the '/' that opens Edit Quote (spec §2). */
export function isQuoteShortcut(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target;
  if (target instanceof Element && (target.closest(TYPING) || (target as HTMLElement).isContentEditable))
    return false;
  return document.querySelector(MODAL) === null;
}

/** One document listener: '/' opens the edit modal unless the trader is typing or a modal is open. */
export function useQuoteShortcut(open: () => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isQuoteShortcut(event)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
