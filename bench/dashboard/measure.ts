/** Runs in the page: long tasks and frames, collected until read. */
export const INSTALL_PROBES = `
  window.__probe = { longTasks: [], frames: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__probe.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const frame = (t) => { window.__probe.frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
`;

export interface Probe {
  longTasks: number[];
  frames: number[];
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
