import { controlText } from './controlText.ts';
import { Field } from './Field.tsx';

interface NewPasswordProps {
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  label?: string;
  hint?: string;
  disabled?: boolean;
}

/** A new password and its confirmation: register, reset and the Account tab ask the same way. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  label = controlText.password,
  hint,
  disabled,
}: NewPasswordProps) {
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        placeholder={hint}
        value={password}
        onChange={onPassword}
        disabled={disabled}
      />
      <Field
        label={controlText.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
        disabled={disabled}
      />
    </>
  );
}
