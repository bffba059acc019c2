import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type SubmitHandler, useForm } from 'react-hook-form';
import type { z } from 'zod';

/** What a form shows under its fields: a broken rule, the server's answer, or a success. */
export interface FormNotice {
  error: string | null;
  success: string | null;
}

/**
 * The one form hook: react-hook-form with the zod resolver over a `formRules` schema. Rules run
 * when the form is sent (never while typing) and their message stays until the next send, as
 * the spec's forms behave; `fail`/`succeed` show an answer (the server's, Google's) until then.
 */
export function useRuleForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  /** A message already standing when the form opens (an expired session on the login form). */
  initialError: string | null = null,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [answer, setAnswer] = useState<FormNotice>({ error: initialError, success: null });
  const ruleError = form.formState.errors.root?.message ?? null;

  return {
    ...form,
    notice: { error: ruleError ?? answer.error, success: ruleError ? null : answer.success } as FormNotice,
    /** `onSubmit` for the <form>: clears the last answer, checks the rules, then calls `send`. */
    submit: (send: SubmitHandler<Output>) => (event?: React.BaseSyntheticEvent) => {
      setAnswer({ error: null, success: null });
      return form.handleSubmit(send)(event);
    },
    fail: (error: string | null) => {
      form.clearErrors();
      setAnswer({ error, success: null });
    },
    succeed: (success: string) => setAnswer({ error: null, success }),
  };
}
