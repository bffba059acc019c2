import { Modal } from './Modal.tsx';

interface ConfirmProps {
  open: boolean;
  message: string;
  onCancel(): void;
  onConfirm(): void;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** A question with Cancel and OK, in the app's own modal rather than the browser's confirm(). */
export function ConfirmDialog({
  open,
  message,
  onCancel,
  onConfirm,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
}: ConfirmProps) {
  return (
    <Modal
      open={open}
      title={message}
      onClose={onCancel}
      hideClose
      className="modal-confirm"
      testId="confirm-dialog"
    >
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
