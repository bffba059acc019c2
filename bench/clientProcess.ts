// The socket benchmarks (fan-out, chat) run their clients in child processes, so the clients'
// CPU is not counted as the server's, and talk to them over IPC with `{type, …}` messages.
import { fork } from 'node:child_process';

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** An order or answer over IPC: a `type` and whatever it carries. */
export type BenchMessage = { type: string } & Record<string, unknown>;

export interface BenchProcess {
  /** The next message of `type` from the child; fails if the child ends before it. */
  next<T>(type: string): Promise<T>;
  /** Sends `message` and waits for the child's answer of type `answer`. */
  ask<T>(message: BenchMessage, answer: string): Promise<T>;
  send(message: BenchMessage): void;
}

/** Forks `file` (TypeScript, through tsx) with `args`. */
export function forkBenchProcess(file: URL, args: string[] = []): BenchProcess {
  const child = fork(file.pathname, args, { execArgv: ['--import', 'tsx'] });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null) =>
        reject(new Error(`${file.pathname} ended (${code}) before sending ${type}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const send = (message: BenchMessage) => void child.send(message);
  return {
    next,
    send,
    ask<T>(message: BenchMessage, answer: string) {
      const answered = next<T>(answer);
      send(message);
      return answered;
    },
  };
}
