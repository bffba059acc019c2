import { seedSessions } from './src/modules/lab/seedSessions.ts';
const t = performance.now();
seedSessions({ dir: '/tmp/seedprof-' + process.pid, keep: 30, seed: 1, symbols: 2000, before: Date.UTC(2026, 10, 25, 14, 30), sessions: 1 });
console.log('seed 1 session', Math.round(performance.now() - t));
