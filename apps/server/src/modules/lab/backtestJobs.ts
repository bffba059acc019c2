import { createHash, randomUUID } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import {
  BACKTEST_JOB_TTL_MS,
  type BacktestJob,
  type BacktestResult,
  type BacktestRule,
  labMessages,
  type RuleSet,
} from '@tapeline/core';
import type { Clock } from '../../platform/clock.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { LabMessage, LabTask } from './labWorker.ts';

// Backtest jobs of this node (docs/alerts.md "Alert lab"): each runs in a thread of its own
// (cancel terminates it), one running job per trader, finished jobs kept BACKTEST_JOB_TTL_MS,
// results cached per (rule, sessions) — the sessions' dates are in the key, so a newly recorded
// session makes a new entry.

interface Job {
  id: string;
  userId: string;
  state: BacktestJob['state'];
  done: number;
  total: number;
  cached: boolean;
  result: BacktestResult | null;
  error: string | null;
  finishedAt: number | null;
  worker: Worker | null;
}

export type StartWorker = (task: LabTask) => Worker;
const CACHE_MAX = 200;

export class BacktestJobs {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, string>();
  private readonly cache = new Map<string, BacktestResult>();

  constructor(
    private readonly dir: string,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly startWorker: StartWorker,
  ) {}

  /** Starts (or answers from the cache) a backtest; 409 while the trader has one running. */
  start(
    userId: string,
    rule: BacktestRule,
    set: RuleSet,
    dates: string[],
    empty: () => BacktestResult,
  ): BacktestJob {
    this.expire();
    const runningId = this.running.get(userId);
    if (runningId !== undefined) throw new HttpError(409, 'conflict', labMessages.busy);
    const key = createHash('sha256')
      .update(JSON.stringify([rule, set.channels, set.favorites, dates]))
      .digest('hex');
    const job: Job = {
      id: randomUUID(),
      userId,
      state: 'queued',
      done: 0,
      total: dates.length,
      cached: false,
      result: null,
      error: null,
      finishedAt: null,
      worker: null,
    };
    this.jobs.set(job.id, job);
    const hit = dates.length === 0 ? empty() : this.cache.get(key);
    if (hit) {
      Object.assign(job, { state: 'done', done: dates.length, cached: dates.length > 0, result: hit });
      job.finishedAt = this.clock.now();
      return view(job);
    }
    this.running.set(userId, job.id);
    job.state = 'running';
    const worker = this.startWorker({ kind: 'backtest', dir: this.dir, dates, set, rule });
    job.worker = worker;
    const finish = (state: Job['state'], error: string | null = null) => {
      if (job.finishedAt !== null) return;
      job.state = state;
      job.error = error;
      job.finishedAt = this.clock.now();
      job.worker = null;
      if (this.running.get(userId) === job.id) this.running.delete(userId);
    };
    worker.on('message', (m: LabMessage) => {
      if (m.type === 'progress') {
        job.done = m.done;
        job.total = m.total;
      } else if (m.type === 'done') {
        job.result = m.result as BacktestResult;
        this.cache.set(key, job.result);
        if (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
        finish('done');
        void worker.terminate();
      } else if (m.type === 'failed') {
        finish('failed', labMessages.failed);
        void worker.terminate();
      }
    });
    worker.on('error', () => finish('failed', labMessages.failed));
    worker.on('exit', () =>
      finish(job.state === 'running' ? 'failed' : job.state, job.error ?? labMessages.failed),
    );
    return view(job);
  }

  get(userId: string, id: string): BacktestJob {
    this.expire();
    return view(this.mine(userId, id));
  }

  cancel(userId: string, id: string): BacktestJob {
    const job = this.mine(userId, id);
    if (job.state === 'running' || job.state === 'queued') {
      const worker = job.worker;
      job.state = 'cancelled';
      job.finishedAt = this.clock.now();
      job.worker = null;
      if (this.running.get(userId) === job.id) this.running.delete(userId);
      void worker?.terminate();
    }
    return view(job);
  }

  /** Ends every running thread (shutdown). */
  async stop(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((j) => j.worker?.terminate()));
  }

  private mine(userId: string, id: string): Job {
    const job = this.jobs.get(id);
    if (!job || job.userId !== userId) throw new HttpError(404, 'not_found', labMessages.notFound);
    return job;
  }

  private expire(): void {
    const now = this.clock.now();
    for (const [id, job] of this.jobs) {
      if (job.finishedAt !== null && now - job.finishedAt > BACKTEST_JOB_TTL_MS) this.jobs.delete(id);
    }
  }
}

function view(job: Job): BacktestJob {
  return {
    id: job.id,
    state: job.state,
    progress: { done: job.done, total: job.total },
    cached: job.cached,
    result: job.state === 'done' ? job.result : null,
    error: job.error,
  };
}
