import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A labelled input. Takes a form's `register(name)` as it is, or `value`/`onChange` as usual. */
export function Field({ label, type = 'text', ...input }: InputProps & { label: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} {...input} />
    </div>
  );
}

/** A labelled checkbox, for a form's `register(name)`. */
export function Checkbox({ label, ...input }: Omit<InputProps, 'type'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
