import { formatAbbreviated, formatPercent, TIMEFRAME_IDS, type TimeframeId } from '@tapeline/core';
import { z } from 'zod';

/**
 * money-flow/{symbol} and real-volume/{symbol} (dashboard spec §7): `success` and, per
 * timeframe, [value in the current bar, % change against the prior bar].
 */
export const perTimeframeSchema = z.object({
  success: z.boolean(),
  data: z.record(z.string(), z.array(z.number().nullable()).nullable()).default({}),
});
export type PerTimeframeAnswer = z.infer<typeof perTimeframeSchema>;

export type FlowKind = 'moneyFlow' | 'volume';

export const FLOW_PATHS: Record<FlowKind, (symbol: string) => string> = {
  moneyFlow: (symbol) => `/data/money-flow/${encodeURIComponent(symbol)}`,
  volume: (symbol) => `/data/real-volume/${encodeURIComponent(symbol)}`,
};

const TF_LABELS: Record<TimeframeId, string> = {
  '15min': '15m',
  '30min': '30m',
  '1hr': '1h',
  '2hr': '2h',
  '4hr': '4h',
  '1day': '1D',
  '1wk': '1W',
  '1mo': '1M',
};

export interface FlowRow {
  tf: TimeframeId;
  label: string;
  value: string;
  change: string;
  /** 1 up, -1 down, 0 flat or unknown: colours the change. */
  direction: 1 | -1 | 0;
}

/** The popup's rows, shortest timeframe first; empty when the answer holds nothing to show. */
export function flowRows(answer: PerTimeframeAnswer | undefined, kind: FlowKind): FlowRow[] {
  if (!answer?.success) return [];
  const rows: FlowRow[] = [];
  for (const tf of TIMEFRAME_IDS) {
    const [value, change] = answer.data[tf] ?? [];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const pct = typeof change === 'number' && Number.isFinite(change) ? change : null;
    rows.push({
      tf,
      label: TF_LABELS[tf],
      // Discovery spec §9: k, m, b with 2 decimals, as in the table ('1.00m', never '1m').
      value: kind === 'moneyFlow' ? `$${formatAbbreviated(value)}` : formatAbbreviated(value),
      change: formatPercent(pct),
      direction: pct === null || pct === 0 ? 0 : pct > 0 ? 1 : -1,
    });
  }
  return rows;
}
