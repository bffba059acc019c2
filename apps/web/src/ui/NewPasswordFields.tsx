import type { UseFormRegisterReturn } from 'react-hook-form';
import { controlText } from './controlText.ts';
import { Field } from './Field.tsx';

interface NewPasswordProps {
  /** The form's `register`: the fields are its `password` and `confirm`. */
  register: (name: 'password' | 'confirm') => UseFormRegisterReturn;
  label?: string;
  hint?: string;
  disabled?: boolean;
}

/** A new password and its confirmation: register, reset and the Account tab ask the same way. */
export function NewPasswordFields({
  register,
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
        disabled={disabled}
        {...register('password')}
      />
      <Field
        label={controlText.confirmPassword}
        type="password"
        autoComplete="new-password"
        disabled={disabled}
        {...register('confirm')}
      />
    </>
  );
}
