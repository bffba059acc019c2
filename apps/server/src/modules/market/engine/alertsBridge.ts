import { randomBytes } from 'node:crypto';
import { ALERT_TOPICS, PROTOCOL_VERSION, popularMessageSchema, ruleSetsMessageSchema } from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import type { EngineHost } from './host.ts';

/** How often the engine asks for every rule set again: a plan that lapsed stops firing within it. */
export const RULES_RESYNC_MS = 10 * 60 * 1000;

const parse = (payload: string | Buffer): unknown => {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return null;
  }
};

/**
 * The engine's side of alerting, wherever the engine runs (thread of an `all` node, or the engine
 * process): rule sets and the Popular list in from the bus, fired alerts out to it. On start it
 * asks the API nodes for every rule set (docs/alerts.md "Where it runs").
 */
export async function bridgeAlerts(
  bus: Bus,
  engine: Pick<EngineHost, 'onAlerts' | 'setRuleSets' | 'setPopular'>,
  log: Log,
  clock: Clock,
  resyncMs = RULES_RESYNC_MS,
): Promise<() => Promise<void>> {
  const id = randomBytes(8).toString('hex');
  engine.onAlerts((json) => {
    bus
      .publish(ALERT_TOPICS.fired, json)
      .catch((error: Error) => log.error({ err: error }, 'fired alerts not published'));
  });
  const offRules = await bus.subscribe(ALERT_TOPICS.rules, (payload) => {
    const parsed = ruleSetsMessageSchema.safeParse(parse(payload));
    if (!parsed.success) {
      log.warn({ issues: parsed.error.issues.length }, 'malformed alert rules on the bus ignored');
      return;
    }
    engine.setRuleSets(parsed.data.sets);
  });
  const offPopular = await bus.subscribe(ALERT_TOPICS.popular, (payload) => {
    const parsed = popularMessageSchema.safeParse(parse(payload));
    if (parsed.success) engine.setPopular(parsed.data.symbols);
  });
  const askForRules = () =>
    bus
      .publish(ALERT_TOPICS.sync, JSON.stringify({ v: PROTOCOL_VERSION, engine: id }))
      .catch((error: Error) => log.error({ err: error }, 'alert rules sync not requested'));
  await askForRules();
  const timer = clock.setInterval(() => void askForRules(), resyncMs);
  return async () => {
    timer.cancel();
    await offRules();
    await offPopular();
  };
}
