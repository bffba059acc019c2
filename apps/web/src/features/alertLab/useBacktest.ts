import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BACKTEST_POLL_MS,
  type BacktestJob,
  type BacktestRequestInput,
  backtestJobSchema,
  LAB_ROUTES,
  labMessages,
} from '@tapeline/core';
import { useState } from 'react';
import { detailOf, failureOf } from '../../lib/api.ts';
import { api } from '../../lib/authApi.ts';

const jobPath = (id: string) => LAB_ROUTES.backtestJob.replace(':id', encodeURIComponent(id));
const running = (job: BacktestJob | undefined) => job?.state === 'queued' || job?.state === 'running';

/** Words for a refused or failed call: the server's own (busy, tier, expired), else the lab's. */
export function backtestProblem(error: unknown): string {
  const failure = failureOf(error);
  return (failure.kind === 'api' && detailOf(error)) || labMessages.failed;
}

/**
 * One backtest at a time from this panel: start it (POST), follow it every BACKTEST_POLL_MS
 * until it is done, cancelled or failed (GET), and cancel it (DELETE).
 */
export function useBacktest() {
  const [id, setId] = useState<string | null>(null);
  const [started, setStarted] = useState<BacktestJob | null>(null);
  const start = useMutation({
    mutationFn: (body: BacktestRequestInput) =>
      api.request('POST', LAB_ROUTES.backtest, backtestJobSchema, body),
    onSuccess: (job) => {
      setStarted(job);
      setId(job.id);
    },
  });
  const followed = useQuery({
    queryKey: ['backtestJob', id],
    queryFn: () => api.request('GET', jobPath(id as string), backtestJobSchema),
    enabled: id !== null && running(started ?? undefined),
    refetchInterval: (query) =>
      running(query.state.data ?? started ?? undefined) ? BACKTEST_POLL_MS : false,
  });
  const cancel = useMutation({
    mutationFn: () => api.request('DELETE', jobPath(id as string), backtestJobSchema),
    onSuccess: (job) => setStarted(job),
  });
  // The newest of what POST, the polls and DELETE said.
  const job =
    cancel.data ??
    (followed.data && followed.data.id === id ? followed.data : null) ??
    (started && started.id === id ? started : null);
  return {
    job,
    running: start.isPending || running(job ?? undefined),
    problem: start.isError
      ? backtestProblem(start.error)
      : followed.isError
        ? backtestProblem(followed.error)
        : null,
    start: (body: BacktestRequestInput) => {
      cancel.reset();
      setStarted(null);
      setId(null);
      start.mutate(body);
    },
    cancel: () => {
      if (id !== null) cancel.mutate();
    },
  };
}
