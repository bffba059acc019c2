import {
  type BacktestJob,
  type BacktestRequest,
  type BacktestRule,
  clampRate,
  clampStep,
  defaultChannels,
  type FilteredAlert,
  labMessages,
  meetsTier,
  type RuleSet,
  type StreamChannel,
  serverMessages,
  type Tier,
} from '@tapeline/core';
import { summarize } from '@tapeline/market';
import { HttpError } from '../../platform/http/errors.ts';
import { readCategory, requireTypeTier } from '../alerts/rules/ruleChecks.ts';
import type { BacktestJobs } from './backtestJobs.ts';
import type { SessionFiles } from './sessionFiles.ts';

/** What a stream-category rule reads of the trader: their channels and favourites (ruleSets.ts). */
export type TraderWatch = (userId: string) => Promise<Pick<RuleSet, 'channels' | 'favorites'>>;

export interface BacktestDeps {
  jobs: BacktestJobs;
  files: SessionFiles;
  watch: TraderWatch;
}

const ONE_RULE_ID = 1;

/** Tiers as for the rule itself (§6): filtered alerts and smart filters Pro Plus, the rest by type. */
function requireRuleTier(tier: Tier, rule: BacktestRule): void {
  if (rule.kind === 'symbol') requireTypeTier(tier, rule.rule.type);
  else if (rule.kind === 'halt') requireTypeTier(tier, 'halt');
  else if (!meetsTier(tier, 'proplus'))
    throw new HttpError(403, 'upgrade_required', serverMessages.upgradeRequired);
}

/** The one-rule set the evaluator replays (it enforces no tier: the route did). */
export async function ruleSetOf(rule: BacktestRule, userId: string, watch: TraderWatch): Promise<RuleSet> {
  const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
  const base: RuleSet = { tier: 'proplus', rules: [], filtered: [], channels: { main, alt }, favorites: [] };
  switch (rule.kind) {
    case 'halt':
      return {
        ...base,
        rules: [{ id: ONE_RULE_ID, type: 'halt', category: 'halt', rate: 0, high: null, low: null }],
      };
    case 'filtered':
      return { ...base, filtered: [rule.filter] };
    case 'smart': {
      // No sector list, or an empty one (Discovery's toolbar with no sector picked): every sector,
      // as the smart filter reads it (discovery/smartFilter.ts).
      const filter = {
        name: rule.name || 'Smart filter',
        type: rule.type,
        values: rule.values,
        timeframe: { min: rule.timeframe },
        ...(rule.sector && rule.sector.min.length > 0 ? { sector: rule.sector } : {}),
      } as FilteredAlert;
      return { ...base, filtered: [filter] };
    }
    case 'symbol': {
      const r = rule.rule;
      const category = readCategory(r.type, r.category);
      if (category.kind === 'stream' && category.category === 'popular')
        throw new HttpError(400, 'bad_request', labMessages.unsupportedCategory);
      const key = category.kind === 'symbol' ? category.symbol : category.category;
      const price = r.type === 'price';
      // A Hi/Low step keeps its unit, as POST /api/alerts stores it (createAlert.ts).
      const unit = r.type === 'trade' ? (r.unit ?? 'dollar') : 'dollar';
      const set: RuleSet = {
        ...base,
        rules: [
          {
            id: ONE_RULE_ID,
            type: r.type,
            category: key,
            rate: r.type === 'trade' ? clampStep(unit, r.rate) : clampRate(r.type, r.rate),
            unit,
            high: price ? (r.high ?? null) : null,
            low: price ? (r.low ?? null) : null,
          },
        ],
      };
      return category.kind === 'stream' ? { ...set, ...(await watch(userId)) } : set;
    }
  }
}

/** POST /api/alerts/backtest (and v1): 202 with the running job, 200 when already answered. */
export async function startBacktest(
  deps: BacktestDeps,
  principal: { user: { id: string }; tier: Tier },
  body: BacktestRequest,
): Promise<{ status: 200 | 202; job: BacktestJob }> {
  requireRuleTier(principal.tier, body.rule);
  const set = await ruleSetOf(body.rule, principal.user.id, deps.watch);
  // The newest complete sessions: today's, still being recorded, is left out.
  const dates = deps.files
    .list()
    .filter((s) => s.complete)
    .slice(0, body.sessions)
    .map((s) => s.date)
    .reverse();
  const job = deps.jobs.start(principal.user.id, body.rule, set, dates, () => summarize(body.rule, [], []));
  return { status: job.state === 'done' ? 200 : 202, job };
}
