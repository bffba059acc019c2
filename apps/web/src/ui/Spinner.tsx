import { controlText } from './controlText.ts';

export function Spinner({ label = controlText.loading }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Redirect rule 1: the whole page waits while the session loads. */
export function PageSpinner() {
  return (
    <div className="page-center" data-testid="session-spinner">
      <Spinner />
    </div>
  );
}

/** Decorative spinner inside a button whose own text already names the action. */
export function InlineSpinner() {
  return <span className="spinner-ring spinner-sm" aria-hidden="true" />;
}
