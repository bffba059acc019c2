import { and, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import {
  billingCustomers,
  invoices,
  type SubscriptionRow,
  subscriptions,
} from '../../../../platform/db/schema.ts';
import { addMonths, buildCatalog } from '../../catalog.ts';
import type { BillingDeps } from '../../provider.ts';
import { insertInvoice } from '../../repository.ts';
import { chargeOutcome } from './cards.ts';

const DAY_MS = 86_400_000;
/** Retries after a failed renewal, in days after the first failure (Stripe's default smart-retry span). */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;
/** After this many failed attempts in a row the subscription becomes `unpaid` and stops retrying. */
export const MAX_CHARGE_ATTEMPTS = RETRY_AFTER_DAYS.length + 1;
const ADVANCING = ['trialing', 'active', 'past_due'];

type Step = { at: Date; kind: 'end' | 'renew' | 'retry'; invoiceId?: string };

const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);
export const periodInvoiceId = (subId: string, periodStart: Date) =>
  `in_${subId.slice(4)}_${secondsOf(periodStart)}`;

async function nextStep(db: Db, sub: SubscriptionRow): Promise<Step | null> {
  if (sub.cancelAtPeriodEnd) {
    const end: Step = { at: sub.currentPeriodEnd, kind: 'end' };
    if (sub.status !== 'past_due') return end;
    const retry = await retryStep(db, sub);
    return retry && retry.at < end.at ? retry : end;
  }
  if (sub.status === 'past_due') return retryStep(db, sub);
  return { at: sub.currentPeriodEnd, kind: 'renew' };
}

async function retryStep(db: Db, sub: SubscriptionRow): Promise<Step | null> {
  const [open] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')))
    .orderBy(desc(invoices.created))
    .limit(1);
  const after = RETRY_AFTER_DAYS[sub.failedAttempts - 1];
  if (!open || after === undefined) return null;
  return { at: new Date(open.created.getTime() + after * DAY_MS), kind: 'retry', invoiceId: open.id };
}

async function charge(db: Db, sub: SubscriptionRow) {
  const [customer] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, sub.userId))
    .limit(1);
  return chargeOutcome(db, customer?.paymentMethodId ?? null);
}

/**
 * Applies one step in a transaction, guarded on the state it was computed from: when the timer
 * and a request (or two nodes) race, the loser's update matches no row and it stops.
 */
async function apply(
  deps: BillingDeps,
  sub: SubscriptionRow,
  step: Step,
  now: Date,
): Promise<SubscriptionRow | null> {
  const { db } = deps.database;
  const months = buildCatalog(deps.config.billing).find(sub.plan)?.months ?? 1;
  const paid = step.kind === 'end' ? true : (await charge(db, sub)).ok;
  return db.transaction(async (tx) => {
    let changes: Partial<SubscriptionRow>;
    if (step.kind === 'end') {
      changes = { status: 'canceled', endedAt: step.at };
    } else if (step.kind === 'renew') {
      const start = sub.currentPeriodEnd;
      changes = {
        status: paid ? 'active' : 'past_due',
        failedAttempts: paid ? 0 : 1,
        currentPeriodStart: start,
        currentPeriodEnd: addMonths(start, months),
      };
    } else {
      const attempts = sub.failedAttempts + 1;
      changes = paid
        ? { status: 'active', failedAttempts: 0 }
        : { status: attempts >= MAX_CHARGE_ATTEMPTS ? 'unpaid' : 'past_due', failedAttempts: attempts };
    }
    const [updated] = await tx
      .update(subscriptions)
      .set({ ...changes, updatedAt: now })
      .where(
        and(
          eq(subscriptions.id, sub.id),
          eq(subscriptions.status, sub.status),
          eq(subscriptions.currentPeriodEnd, sub.currentPeriodEnd),
          eq(subscriptions.failedAttempts, sub.failedAttempts),
        ),
      )
      .returning();
    if (!updated) return null;
    if (step.kind === 'renew') {
      await insertInvoice(tx as unknown as Db, {
        id: periodInvoiceId(sub.id, sub.currentPeriodEnd),
        userId: sub.userId,
        subscriptionId: sub.id,
        planId: sub.plan,
        total: sub.amount,
        status: paid ? 'paid' : 'open',
        created: step.at,
      });
    } else if (step.invoiceId) {
      const status = paid ? 'paid' : updated.status === 'unpaid' ? 'failed' : 'open';
      await tx.update(invoices).set({ status }).where(eq(invoices.id, step.invoiceId));
    } else if (step.kind === 'end') {
      // Nothing more will be collected for a period that is over.
      await tx
        .update(invoices)
        .set({ status: 'void' })
        .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')));
    }
    return updated;
  });
}

/**
 * Runs the local provider's lifecycle up to `now`: trial end → first charge → renewals; failed
 * charges → past_due → unpaid; cancel → canceled at period end. Every step happens at its own
 * time (a renewal is dated at the period end, not at `now`), so catching up after a pause gives
 * the same history as running live. Called every minute and before any billing read.
 */
export async function advanceLocalBilling(deps: BillingDeps, now: Date, userId?: string): Promise<number> {
  const { db } = deps.database;
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        isNull(subscriptions.endedAt),
        inArray(subscriptions.status, ADVANCING),
        or(lte(subscriptions.currentPeriodEnd, now), eq(subscriptions.status, 'past_due')),
        userId ? eq(subscriptions.userId, userId) : undefined,
      ),
    );
  let steps = 0;
  for (let sub of due) {
    // Bounded: years of monthly renewals at most, even after a very long pause.
    for (let i = 0; i < 500; i++) {
      const step = await nextStep(db, sub);
      if (!step || step.at > now) break;
      const next = await apply(deps, sub, step, now);
      if (!next) break;
      sub = next;
      steps += 1;
    }
  }
  return steps;
}

/**
 * Saving a new card pays a past-due or unpaid subscription's outstanding invoice at once, as
 * Stripe does when a customer's card changes; paid, the subscription is active again (Stripe
 * reactivates an unpaid one whose latest invoice is paid). It counts as an attempt like any
 * other, so a new card that fails too leaves it where the attempts say.
 */
export async function payOutstanding(deps: BillingDeps, userId: string, now: Date): Promise<void> {
  const { db } = deps.database;
  const owing = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, 'local'),
        isNull(subscriptions.endedAt),
        inArray(subscriptions.status, ['past_due', 'unpaid']),
      ),
    );
  for (const sub of owing) {
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, sub.id), inArray(invoices.status, ['open', 'failed'])))
      .orderBy(desc(invoices.created))
      .limit(1);
    if (invoice) await apply(deps, sub, { at: now, kind: 'retry', invoiceId: invoice.id }, now);
  }
}
