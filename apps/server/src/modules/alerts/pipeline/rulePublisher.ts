import { ALERT_TOPICS, alertSyncMessageSchema, PROTOCOL_VERSION, type RuleSetsMessage } from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { Log } from '../../../platform/log.ts';
import type { RuleChanges } from '../rules/ruleChanges.ts';
import { loadRuleSet, usersWithRules } from './ruleSets.ts';

/** Rule sets per bus message on a full resync: a few hundred traders' rules stay well under 1 MB. */
const SYNC_CHUNK = 200;

export interface RulePublisher extends RuleChanges {
  /** Sends every trader's rule set (what the engine asks for when it starts). */
  publishAll(): Promise<void>;
  /** Resolves when every change told so far has been published (tests, shutdown). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The API side of the rules: after a change the trader's whole set goes to the evaluator over
 * the bus; when an engine (re)starts it asks for all of them. Whole sets, not diffs, so a lost or
 * repeated message never leaves the evaluator wrong for long: the next change or resync fixes it.
 */
export async function startRulePublisher(db: Db, bus: Bus, log: Log): Promise<RulePublisher> {
  let chain: Promise<void> = Promise.resolve();
  const queued = new Set<string>();

  const publish = (sets: RuleSetsMessage['sets']) =>
    bus.publish(ALERT_TOPICS.rules, JSON.stringify({ v: PROTOCOL_VERSION, sets } satisfies RuleSetsMessage));

  // Changes are published in order, one trader at a time; repeats of a queued trader fold into one.
  const changed = (userId: string) => {
    if (queued.has(userId)) return;
    queued.add(userId);
    chain = chain
      .then(async () => {
        queued.delete(userId);
        await publish([{ userId, set: await loadRuleSet(db, userId) }]);
      })
      .catch((error: Error) => log.error({ err: error }, 'alert rules not sent to the evaluator'));
  };

  const publishAll = async () => {
    const users = await usersWithRules(db);
    for (let i = 0; i < users.length; i += SYNC_CHUNK) {
      const chunk = users.slice(i, i + SYNC_CHUNK);
      const sets = await Promise.all(
        chunk.map(async (userId) => ({ userId, set: await loadRuleSet(db, userId) })),
      );
      await publish(sets);
    }
  };

  const offSync = await bus.subscribe(ALERT_TOPICS.sync, (payload) => {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString());
    } catch {
      message = null;
    }
    if (!alertSyncMessageSchema.safeParse(message).success) {
      log.warn('malformed alert sync request on the bus ignored');
      return;
    }
    chain = chain
      .then(publishAll)
      .catch((error: Error) => log.error({ err: error }, 'alert rules resync failed'));
  });

  return {
    changed,
    publishAll,
    settled: () => chain,
    async stop() {
      await offSync();
      await chain;
    },
  };
}
