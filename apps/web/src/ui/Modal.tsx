import { type ReactNode, useEffect, useId, useRef } from 'react';
import { controlText } from './controlText.ts';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Hide the corner close button (the modal's own buttons close it). */
  hideClose?: boolean;
  testId?: string;
  className?: string;
}

/**
 * A native modal dialog: the browser traps focus, makes the page behind inert and closes it on
 * Escape (which we route through onClose so the owner's state stays the source of truth).
 */
export function Modal({ open, title, onClose, children, hideClose = false, testId, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      {open ? (
        <div className="modal-body">
          <header className="modal-header">
            <h2 id={titleId}>{title}</h2>
            {hideClose ? null : (
              <button type="button" className="modal-close" onClick={onClose} aria-label={controlText.close}>
                <span aria-hidden="true">×</span>
              </button>
            )}
          </header>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
