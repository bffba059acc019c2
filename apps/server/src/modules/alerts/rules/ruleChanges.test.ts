import { HALT_CATEGORY, type Tier } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../../platform/http/guards.ts';
import { seedUser } from '../../../test/factories.ts';
import { withApp } from '../../../test/withApp.ts';
import { checkWebhookTarget } from '../webhooks/webhookTarget.ts';
import { createAlert } from './createAlert.ts';
import { deleteAlert } from './deleteAlert.ts';
import type { RulesDeps } from './deps.ts';
import { createAlertRulesRepository } from './repository.ts';
import { saveFilteredAlerts } from './saveFilteredAlerts.ts';
import { saveWebhooks } from './saveWebhooks.ts';
import { toggleHalt } from './toggleHalt.ts';
import { updateAlert } from './updateAlert.ts';

// The actions tell `ruleChanges` after every change they make, once, and never after a refusal
// or a call that changed nothing: the evaluator's copy of a trader's rules follows the database.

const app = withApp({ mail: 'outbox' });
const told: string[] = [];
let deps: RulesDeps;

beforeAll(() => {
  deps = {
    rules: createAlertRulesRepository(app.ctx.database.db),
    ruleChanges: { changed: (userId) => told.push(userId) },
    universe: { symbols: async () => new Set(['AAPL', 'MSFT']) },
    engine: app.app.market.source,
    clock: app.clock,
    // The real check, with a name service that knows one public host.
    webhookTarget: (url) =>
      checkWebhookTarget(url, {
        allowPrivate: false,
        lookup: async () => [{ address: '93.184.215.14', family: 4 }],
      }),
  };
});

async function trader(tier: Tier): Promise<Principal> {
  const { user } = await seedUser(app);
  return { user, tier, subscription: null };
}

/** What `ruleChanges` heard during `run`. */
async function heard(run: () => Promise<unknown>): Promise<string[]> {
  told.length = 0;
  await run().catch(() => undefined);
  return [...told];
}

const filtered = {
  name: 'Cheap',
  type: 'all' as const,
  values: { last: { max: 5 } },
  sector: { min: [1] },
  timeframe: { min: '1day' as const },
};

describe('ruleChanges', () => {
  it('hears each successful create, update, delete, halt change, filter and webhook save once', async () => {
    const me = await trader('proplus');
    const id = me.user.id;
    expect(await heard(() => createAlert(deps, me, { category: 'aapl', type: 'uv' }))).toEqual([id]);
    const [rule] = await deps.rules.list(id);
    if (!rule) throw new Error('no rule');
    expect(await heard(() => updateAlert(deps, me, rule.id, { category: 'AAPL', rate: 40 }))).toEqual([id]);
    expect(await heard(() => toggleHalt(deps, me, 'enabled'))).toEqual([id]);
    expect(await heard(() => toggleHalt(deps, me, 'disabled'))).toEqual([id]);
    expect(await heard(() => saveFilteredAlerts(deps, me, [filtered]))).toEqual([id]);
    expect(await heard(() => saveWebhooks(deps, me, { halts: 'https://example.com/h' }))).toEqual([id]);
    expect(await heard(() => deleteAlert(deps, me, rule.id))).toEqual([id]);
  });

  it('hears nothing when a call is refused or changes nothing', async () => {
    const standard = await trader('standard');
    const other = await trader('pro');
    await createAlert(deps, other, { category: 'MSFT', type: 'vwap' });
    const [theirs] = await deps.rules.list(other.user.id);
    if (!theirs) throw new Error('no rule');
    await createAlert(deps, standard, { category: 'AAPL', type: 'trade' });
    await toggleHalt(deps, standard, 'enabled');
    const halt = await deps.rules.findByCategory(standard.user.id, 'halt', HALT_CATEGORY);
    const refusals = [
      () => createAlert(deps, standard, { category: 'AAPL', type: 'price' }),
      () => createAlert(deps, standard, { category: 'AAPL', type: 'trade' }),
      () => createAlert(deps, standard, { category: 'NOPE', type: 'trade' }),
      () => createAlert(deps, standard, { category: 'popular', type: 'uv' }),
      () => updateAlert(deps, standard, theirs.id, { category: 'MSFT', rate: 1 }),
      () => updateAlert(deps, standard, halt?.id ?? 0, { category: 'halt', rate: 1 }),
      () => deleteAlert(deps, standard, theirs.id),
      () => toggleHalt(deps, standard, 'enabled'),
      () => saveFilteredAlerts(deps, standard, [{ ...filtered, values: {} }]),
      () => saveWebhooks(deps, standard, { halts: 'http://10.0.0.1/' }),
    ];
    for (const call of refusals) expect(await heard(call)).toEqual([]);
    expect((await deps.rules.list(standard.user.id)).map((r) => r.type)).toEqual(['trade', 'halt']);
    expect(await deps.rules.list(other.user.id)).toEqual([theirs]);
  });
});
