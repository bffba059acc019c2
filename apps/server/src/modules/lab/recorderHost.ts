import { isoDate, type MarketEngine, SessionRecorder } from '@tapeline/market';
import { SessionFiles } from './sessionFiles.ts';

// The session recorder on the engine thread (docs/alerts.md "Alert lab"): the runtime calls
// `before`/`trade` around each print and `afterDrain` after each drain; `tick` (once a second)
// writes a chunk when a minute has ended. Writing happens there, never per print.

export interface RecorderHost {
  readonly recorder: SessionRecorder;
  tick(now: number): void;
  /** Writes what is pending (stop). */
  close(now: number): void;
}

export function startRecorder(
  engine: MarketEngine,
  options: { dir: string; feed: string; keep: number; seeded?: boolean },
  onError: (error: Error) => void = () => {},
): RecorderHost {
  const files = new SessionFiles(options.dir);
  const feed = options.feed.split(':')[0] ?? options.feed;
  const guard = (work: () => void) => {
    try {
      work();
    } catch (error) {
      onError(error as Error);
    }
  };
  const recorder = new SessionRecorder(engine.table, {
    sessionStarts(next, previous, last) {
      guard(() => {
        if (previous) {
          const date = isoDate(previous.date);
          if (last) files.append(date, last);
          files.writeMeta({ date, feed, seeded: options.seeded ?? false, complete: true });
        }
        const date = isoDate(next.date);
        // The engine has not seen this session's first print yet: rolled to the session (as that
        // print would roll it), its state is the opening one.
        engine.advance(next.start);
        files.begin({ date, feed, seeded: options.seeded ?? false, complete: false }, () =>
          engine.snapshot(),
        );
        files.prune(options.keep);
      });
    },
  });
  let minute = -1;
  const write = (now: number) => {
    const s = recorder.current;
    if (!s) return;
    const chunk = recorder.flush(now);
    if (chunk) guard(() => files.append(isoDate(s.date), chunk));
  };
  return {
    recorder,
    tick(now) {
      const m = Math.floor(now / 60_000);
      if (m === minute) return;
      minute = m;
      write(now);
    },
    close(now) {
      write(now);
      const s = recorder.current;
      if (s && now >= s.end) {
        const date = isoDate(s.date);
        guard(() => files.writeMeta({ date, feed, seeded: options.seeded ?? false, complete: true }));
      }
    },
  };
}
