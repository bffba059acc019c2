import { LINK_ERROR_TOAST_MS, messages } from '@tapeline/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../ui/toast.tsx';

/** Spec §2: `?_t=invalid` on /verify and /forgot-password reports a dead one-time link. */
export function useLinkErrorToast(message: string): boolean {
  const [params] = useSearchParams();
  const invalid = params.get('_t') === 'invalid';
  const toast = useToast();
  useEffect(() => {
    if (invalid) toast(message, { tone: 'error', durationMs: LINK_ERROR_TOAST_MS });
  }, [invalid, message, toast]);
  return invalid;
}

/** `/login?_t=email_changed`: the confirmation link of an email change was opened. */
export function useEmailChangedToast(): void {
  const [params] = useSearchParams();
  const changed = params.get('_t') === 'email_changed';
  const toast = useToast();
  useEffect(() => {
    if (changed) toast(messages.emailChanged, { tone: 'success', durationMs: LINK_ERROR_TOAST_MS });
  }, [changed, toast]);
}

/** `/login?_t=verified`: the mailed verification link was opened and the address is verified. */
export function useVerifiedArrival(): boolean {
  const [params] = useSearchParams();
  return params.get('_t') === 'verified';
}
