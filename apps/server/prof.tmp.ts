import { SessionFiles } from './src/modules/lab/sessionFiles.ts';
import { backtestSession } from '@tapeline/market';
const dir = process.argv[2]!;
const files = new SessionFiles(dir);
const date = files.dates()[0]!;
let t = performance.now();
const tape = files.read(date);
console.log('read', Math.round(performance.now() - t));
const set = { tier: 'proplus', rules: [{ id: 1, type: 'halt', category: 'halt', rate: 0, high: null, low: null }], filtered: [], channels: { main: null, alt: null }, favorites: [] } as any;
const mode = process.argv[3];
if (mode === 'filtered') { set.rules = []; set.filtered = [{ name: 'Gap', type: 'all', values: { price_dist: { min: 5 } }, sector: { min: Array.from({length: 300}, (_, i) => i) }, timeframe: { min: '1day' } }]; }
t = performance.now();
const f = backtestSession(tape, set);
console.log(mode, f.length, Math.round(performance.now() - t));
