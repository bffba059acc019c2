// The Alert lab's public surface (issue 26): the outcome ledger's moves and figures, the chart
// (lazy: lightweight-charts stays out of the dashboard bundle) and the backtest panel.
export { alertLabText } from './alertLabText.ts';
export { BacktestSlot } from './BacktestSlot.tsx';
export { type BacktestAsk, backtestDialog } from './backtestDialog.ts';
export { ChartSlot } from './ChartSlot.tsx';
export { type ChartRequest, chartDialog } from './chartDialog.ts';
export { OutcomeMoves } from './OutcomeMoves.tsx';
export { OutcomesSection, RuleOutcome } from './OutcomesSection.tsx';
