/**
 * One formatter for every chip: `toLocaleString` builds a new ICU formatter per call, which at
 * the open (two strips re-drawn each second) was the dashboard's costliest function (issue 27 §1).
 */
const WHOLE = new Intl.NumberFormat('en-US');

/**
 * Wording of the Stream widget. The closed-market panel, its button and the halt words are the
 * dashboard spec's own (§8) and stay word for word; the rest is ours.
 */
export const streamText = {
  marketClosed: 'MARKET IS CURRENTLY CLOSED',
  opensIn: (countdown: string) => `OPENS IN ${countdown}`,
  loadRecent: 'LOAD RECENT',
  halt: (flag: string | number) => `HALT ${flag}`,
  resumed: 'RESUMED',
  halts: 'Halts',
  uvols: 'Unusual volume',
  /** An unusual-volume chip: the day's volume so far against its usual, as Discovery's UVol says it. */
  uvol: (pct: string | number) => `UVOL +${WHOLE.format(Number(pct))}%`,
  high: 'High',
  low: 'Low',
  table: (side: string) => `${side} stream`,
  caption: (tone: 'high' | 'low') => (tone === 'high' ? 'New Highs' : 'New Lows'),
  waiting: (tone: 'high' | 'low') => `Waiting for new ${tone === 'high' ? 'highs' : 'lows'}…`,
  /** The side's rows hold still while the mouse is over them. */
  paused: 'paused',
  symbol: 'Symbol',
  count: 'Count',
  last: 'Last',
  hasOptions: 'Has listed options',
  recentNews: 'News within your recency window',
  channel: 'Channel',
  main: 'Main',
  alt: 'Alt',
  merge: 'Merge streams',
  mergeTitle: 'Merge the two streams into one',
  split: 'Split streams',
  splitTitle: 'Split into two streams',
} as const;
