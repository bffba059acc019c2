const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Any modal on screen: the app's native dialogs, or an aria-modal one (filter modal, palette). */
const MODAL = 'dialog[open], [aria-modal="true"]';

/** Whether a key press lands in a text field, where a plain key is a character and not a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest(TYPING) !== null || (target as HTMLElement).isContentEditable;
}

/** Whether a dialog is open: its own keys win over the page's shortcuts. */
export function isModalOpen(doc: Document = document): boolean {
  return doc.querySelector(MODAL) !== null;
}
