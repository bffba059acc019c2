import { STREAM_BACKLOG_MAX } from '@tapeline/core';

/** The most recent stream batches (as their JSON text), oldest first, for LOAD RECENT. */
export function createBacklog(max = STREAM_BACKLOG_MAX) {
  const batches: string[] = [];
  return {
    push(json: string): void {
      batches.push(json);
      if (batches.length > max) batches.splice(0, batches.length - max);
    },
    /** `{data: [batch…]}` built from the stored text, without parsing it again. */
    json(): string {
      return `{"data":[${batches.join(',')}]}`;
    },
    get size() {
      return batches.length;
    },
  };
}

export type Backlog = ReturnType<typeof createBacklog>;
