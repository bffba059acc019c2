/**
 * Runs in the page: long tasks and frames, collected until read; with them, each long animation
 * frame's start, length and its longest scripts (what to fix).
 */
export const INSTALL_PROBES = `
  window.__probe = { longTasks: [], longTaskStarts: [], frames: [], loafs: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__probe.longTasks.push(e.duration);
      window.__probe.longTaskStarts.push(e.startTime);
    }
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const scripts = (e.scripts || []).map((s) => ({
          name: (s.sourceFunctionName || s.invoker || '?') + ' ' + (s.sourceURL || '').split('/').pop(),
          ms: s.duration,
        }));
        window.__probe.loafs.push({ start: e.startTime, ms: e.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  const frame = (t) => { window.__probe.frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
`;

export interface Probe {
  longTasks: number[];
  /** Each long task's start in the page's clock (navigation is 0), beside `longTasks`. */
  longTaskStarts: number[];
  frames: number[];
  /** Long animation frames (Chromium ≥ 123): start and length in the page's clock, scripts by time. */
  loafs?: { start: number; ms: number; scripts: { name: string; ms: number }[] }[];
}

/** The scripts that took longest inside long animation frames of [from, to], summed by name. */
export function topScripts(
  probe: Probe,
  from: number,
  to: number,
  count = 5,
): { name: string; ms: number }[] {
  const byName = new Map<string, number>();
  for (const frame of probe.loafs ?? []) {
    if (frame.start < from || frame.start > to) continue;
    for (const s of frame.scripts) byName.set(s.name, (byName.get(s.name) ?? 0) + s.ms);
  }
  return [...byName]
    .map(([name, ms]) => ({ name, ms: Math.round(ms) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

export interface Smoothness {
  longestTaskMs: number;
  longTasks: number;
  fps: number;
  worstSecondFps: number;
}

/** Figures over the window [from, to] in the page's performance clock. */
export function summarize(probe: Probe, from: number, to: number, longTasksBefore: number): Smoothness {
  const frames = probe.frames.filter((t) => t >= from && t <= to);
  const seconds = (to - from) / 1000;
  const perSecond = new Map<number, number>();
  for (const t of frames)
    perSecond.set(Math.floor((t - from) / 1000), (perSecond.get(Math.floor((t - from) / 1000)) ?? 0) + 1);
  const full = [...perSecond.entries()].filter(([s]) => s < Math.floor(seconds)).map(([, n]) => n);
  const tasks = probe.longTasks.slice(longTasksBefore);
  return {
    longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
    longTasks: tasks.length,
    fps: frames.length / seconds,
    worstSecondFps: full.length ? Math.min(...full) : 0,
  };
}

/** The longest animation frames of [from, to], each with its longest script: where a long task came from. */
export function longestFrames(
  probe: Probe,
  from: number,
  to: number,
  count = 5,
): { at: number; ms: number; script: string }[] {
  return (probe.loafs ?? [])
    .filter((f) => f.start >= from && f.start <= to)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((f) => {
      const top = [...f.scripts].sort((a, b) => b.ms - a.ms)[0];
      return {
        at: Math.round((f.start - from) / 100) / 10,
        ms: Math.round(f.ms),
        script: top ? `${top.name} (${Math.round(top.ms)} ms)` : 'no script (style, layout, paint)',
      };
    });
}
