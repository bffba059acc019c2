import { messages } from '@tapeline/core';
import { useEffect } from 'react';
import { useOptionable, useStockNames, useUsernames } from '../../lib/referenceData.ts';
import { useToast } from '../../ui/toast.tsx';

// Failures already announced, by the time they happened: a remount must not toast again.
const announced = new Set<string>();

function useFailureToast(key: string, failedAt: number, isError: boolean, message: string): void {
  const toast = useToast();
  useEffect(() => {
    const id = `${key}:${failedAt}`;
    if (!isError || announced.has(id)) return;
    announced.add(id);
    toast(message, { tone: 'error' });
  }, [key, failedAt, isError, message, toast]);
}

/**
 * Starts the reference lists when the signed-in app starts (dashboard spec §6: stock names,
 * usernames and options are fetched on start), and says so once when one fails (§8).
 */
export function ReferenceDataLoader() {
  const names = useStockNames();
  const users = useUsernames();
  useOptionable();
  useFailureToast('names', names.errorUpdatedAt, names.isError, messages.stockNamesFailed);
  useFailureToast('users', users.errorUpdatedAt, users.isError, messages.usernamesFailed);
  return null;
}
