import { InlineSpinner } from './Spinner.tsx';

interface SubmitButtonProps {
  label: string;
  pending: boolean;
  disabled?: boolean;
}

/** A full-width primary submit; while its call runs it shows a spinner and cannot resubmit. */
export function SubmitButton({ label, pending, disabled = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block"
      disabled={pending || disabled}
      aria-busy={pending}
    >
      {pending ? <InlineSpinner /> : null}
      {label}
    </button>
  );
}
