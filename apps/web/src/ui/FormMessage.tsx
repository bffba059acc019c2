/** Inline outcome of a form: errors are announced at once, successes politely. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p className="form-message form-message-error" role="alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form-message form-message-success" role="status">
        {success}
      </p>
    );
  }
  return null;
}
