import { ALERT_TOPICS, ALERTS_DISPATCHED_TOPIC, POPULAR_MAX, PROTOCOL_VERSION } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import type { V1Routes } from '../apiV1/v1Routes.ts';
import type { MarketModule } from '../market/marketModule.ts';
import { createPopularityRepository } from '../popularity/repository.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import { type DeliveryWorker, startDeliveryWorker } from './delivery/worker.ts';
import { type OutcomeSweep, startOutcomeSweep } from './outcomes/outcomeSweep.ts';
import { outcomeRoutes } from './outcomes/routes.ts';
import { serveAlertsResume } from './pipeline/alertsResume.ts';
import { listenForFiredAlerts } from './pipeline/firedListener.ts';
import { type EnqueueDeliveries, type Outbox, startOutbox } from './pipeline/outbox.ts';
import { type RulePublisher, startRulePublisher } from './pipeline/rulePublisher.ts';
import { createPushSender, enqueuePushDeliveries } from './push/pushSender.ts';
import { pushRoutes } from './push/routes.ts';
import { alertRulesRoutes } from './rules/routes.ts';
import { enqueueWebhookDeliveries } from './webhooks/enqueueWebhookDeliveries.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { createWebhookSender } from './webhooks/webhookSender.ts';

/** How often each API node sends the Popular list to the evaluator (`popular` category rules). */
const POPULAR_EVERY_MS = 60_000;

export interface AlertsModule {
  rules: RulePublisher;
  outbox: Outbox;
  deliveries: DeliveryWorker;
  /** The outcome ledger's once-a-minute sweep (tests call `sweepOnce`). */
  outcomes: OutcomeSweep;
  stop(): Promise<void>;
}

/**
 * Alerting on an API node (docs/alerts.md): the rule, webhook and device routes; the pipeline
 * that sends rule sets to the evaluator and records what it fires in the outbox; the workers
 * that dispatch the outbox and deliver pushes and webhooks.
 */
export async function startAlerts(
  http: FastifyInstance,
  io: Server,
  ctx: AppContext,
  guards: Guards,
  market: MarketModule,
  universe?: SymbolUniverse,
  v1?: V1Routes,
  /** Told too after a trader's rules change (the voice warm-up of their watched symbols). */
  alsoChanged: (userId: string) => void = () => {},
): Promise<AlertsModule> {
  const { db } = ctx.database;
  const rules = await startRulePublisher(db, ctx.bus, ctx.log);
  const ruleChanges = {
    changed: (userId: string) => {
      rules.changed(userId);
      alsoChanged(userId);
    },
  };
  const webhooks = createWebhookSender({
    db,
    clock: ctx.clock,
    allowPrivate: ctx.config.webhookAllowPrivate,
    onUrlRemoved: (userId) => rules.changed(userId),
  });
  const deliveries = startDeliveryWorker(ctx, [webhooks, createPushSender(ctx)]);
  const deps = { market, ruleChanges, universe, kickDeliveries: () => deliveries.kick(), v1 };
  alertRulesRoutes(http, ctx, guards, deps);
  webhookRoutes(http, ctx, guards, deps);
  pushRoutes(http, ctx, guards, deps);
  outcomeRoutes(http, ctx, guards);
  // The outcome ledger: fires' forward moves from the engine's prices, once a minute.
  const outcomes = startOutcomeSweep({ db, clock: ctx.clock, log: ctx.log, engine: market.source });

  // What is owed outside the app is written in the same transaction that dispatches the alert.
  const enqueue: EnqueueDeliveries = async (tx, row) =>
    (await enqueueWebhookDeliveries(tx, row)) + (await enqueuePushDeliveries(tx, row));
  const outbox = startOutbox({
    db,
    io,
    clock: ctx.clock,
    log: ctx.log,
    enqueue,
    kickDeliveries: () => deliveries.kick(),
    // Every node's bot sockets hear it (modules/apiV1/ws): the outbox dispatches each alert once.
    dispatched: (userId, alert) =>
      void ctx.bus
        .publish(ALERTS_DISPATCHED_TOPIC, JSON.stringify({ v: PROTOCOL_VERSION, userId, alert }))
        .catch((error: Error) => ctx.log.warn({ err: error }, 'dispatched alert not relayed to bots')),
  });
  const stopFired = await listenForFiredAlerts(ctx.bus, outbox, ctx.log);
  // A tab back from a dropped connection asks for what it missed (docs/continuity.md §2).
  serveAlertsResume({ db, io, clock: ctx.clock });

  const popularity = createPopularityRepository(db);
  const publishPopular = async () => {
    const top = await popularity.top(new Date(ctx.clock.now()), POPULAR_MAX);
    await ctx.bus.publish(
      ALERT_TOPICS.popular,
      JSON.stringify({ v: PROTOCOL_VERSION, symbols: top.map((p) => p.symbol) }),
    );
  };
  const sendPopular = () =>
    void publishPopular().catch((error: Error) =>
      ctx.log.warn({ err: error }, 'Popular list not sent to the evaluator'),
    );
  const popularTimer = ctx.clock.setInterval(sendPopular, POPULAR_EVERY_MS);

  // An engine that started before this node asked for the rules when nobody was listening.
  sendPopular();
  void rules
    .publishAll()
    .catch((error: Error) => ctx.log.error({ err: error }, 'alert rules not sent at start'));

  return {
    rules,
    outbox,
    deliveries,
    outcomes,
    async stop() {
      popularTimer.cancel();
      outcomes.stop();
      await stopFired();
      await rules.stop();
      await outbox.stop();
      await deliveries.stop();
      webhooks.close();
    },
  };
}
