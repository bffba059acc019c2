import { randomBytes } from 'node:crypto';
import { type Coupon, discounted, prorate, serverMessages } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { localCardTokens, type SubscriptionRow } from '../../../../platform/db/schema.ts';
import { HttpError } from '../../../../platform/http/errors.ts';
import { addMonths, buildCatalog } from '../../catalog.ts';
import { registerBillingRefresh } from '../../currentBilling.ts';
import { cardError } from '../../errors.ts';
import type { BillingDeps, BillingProvider, SubscribeInput } from '../../provider.ts';
import {
  insertInvoice,
  insertSubscription,
  listInvoices,
  saveCustomerRow,
  toInvoiceView,
  updateSubscription,
} from '../../repository.ts';
import { trialDaysFor } from '../../trial.ts';
import { type CardBehaviour, chargeOutcome, DECLINE_MESSAGES, findToken } from './cards.ts';
import { advanceLocalBilling, payOutstanding, periodInvoiceId } from './lifecycle.ts';

const DAY_MS = 86_400_000;
const DEAD = new Set(['canceled', 'unpaid', 'incomplete_expired']);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's test mode, in our database: the default, so the product works with no account anywhere. */
export function createLocalProvider(deps: BillingDeps): BillingProvider {
  const { db } = deps.database;
  const catalog = buildCatalog(deps.config.billing);
  const now = () => new Date(deps.clock.now());
  // A failed step must not break the read that triggered it; the next read or tick retries it.
  registerBillingRefresh(db, async (userId) => {
    await advanceLocalBilling(deps, now(), userId).catch((error: unknown) =>
      deps.log.error({ err: error, userId }, 'billing lifecycle failed'),
    );
  });

  async function chargeOrThrow(paymentMethodId: string | null) {
    const outcome = await chargeOutcome(db, paymentMethodId);
    if (!outcome.ok) throw cardError(outcome.message);
  }

  /** A plan change on a live subscription: unused paid time is credited, the rest charged now. */
  async function change({ customer, plan, coupon, current }: SubscribeInput & { current: SubscriptionRow }) {
    const percentOff = coupon ? coupon.percent_off : current.percentOff;
    const amount = discounted(plan.amount, percentOff);
    const resume = { cancelAtPeriodEnd: false, canceledAt: null };
    const base = { plan: plan.id, amount, couponId: coupon?.id ?? current.couponId, percentOff, ...resume };
    // Same plan and price: only a pending cancellation is undone.
    if (plan.id === current.plan && amount === current.amount)
      return updateSubscription(db, current.id, resume, now());
    // Nothing was paid during a trial, so there is nothing to credit or charge yet.
    if (current.status === 'trialing') return updateSubscription(db, current.id, base, now());

    const oldMonths = catalog.find(current.plan)?.months ?? 1;
    const at = now();
    const restart = oldMonths !== plan.months;
    const p = prorate({
      paidAmount: current.status === 'active' ? current.amount : 0,
      newAmount: amount,
      periodStartMs: current.currentPeriodStart.getTime(),
      periodEndMs: current.currentPeriodEnd.getTime(),
      nowMs: at.getTime(),
      restartPeriod: restart,
    });
    if (p.total > 0) await chargeOrThrow(customer.paymentMethodId);
    // A negative total is refunded to the card at once (Stripe would keep it as account credit).
    await insertInvoice(db, {
      id: newId('in'),
      userId: current.userId,
      subscriptionId: current.id,
      planId: plan.id,
      total: p.total,
      status: 'paid',
      created: at,
    });
    const period = restart ? { currentPeriodStart: at, currentPeriodEnd: addMonths(at, plan.months) } : {};
    return updateSubscription(db, current.id, { ...base, ...period }, now());
  }

  return {
    kind: 'local',
    catalog,
    async refresh(userId) {
      await advanceLocalBilling(deps, now(), userId);
    },

    async saveCard(user, token, existing) {
      const card = await findToken(db, token);
      if (!card) throw new HttpError(400, 'invalid_card_token', serverMessages.noSuchCardToken(token));
      if (card.usedAt) throw new HttpError(400, 'invalid_card_token', serverMessages.cardTokenReused(token));
      await db.update(localCardTokens).set({ usedAt: now() }).where(eq(localCardTokens.id, token));
      const behaviour = card.behaviour as CardBehaviour;
      // Like Stripe, these cards fail when attached; 0341 attaches and fails on every charge.
      if (behaviour !== 'succeeds' && behaviour !== 'charge_fails')
        throw cardError(DECLINE_MESSAGES[behaviour]);
      const saved = await saveCustomerRow(
        db,
        {
          userId: user.id,
          provider: 'local',
          providerCustomerId: existing?.providerCustomerId ?? newId('cus'),
          paymentMethodId: card.id,
          cardKind: card.cardKind,
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
        },
        now(),
      );
      await payOutstanding(deps, user.id, now());
      return saved;
    },

    async subscribe(input) {
      const { user, customer, plan, coupon, current } = input;
      if (current && !current.endedAt && !DEAD.has(current.status)) return change({ ...input, current });
      const at = now();
      // An unpaid leftover is closed so only one subscription is ever open per user.
      if (current && !current.endedAt) {
        await updateSubscription(db, current.id, { status: 'canceled', canceledAt: at, endedAt: at }, now());
      }
      const amount = discounted(plan.amount, coupon?.percent_off);
      const trialDays = trialDaysFor(current);
      const trial = trialDays > 0;
      if (!trial && amount > 0) await chargeOrThrow(customer.paymentMethodId);
      const id = newId('sub');
      const end = trial ? new Date(at.getTime() + trialDays * DAY_MS) : addMonths(at, plan.months);
      const row = await insertSubscription(db, {
        id,
        userId: user.id,
        provider: 'local',
        plan: plan.id,
        amount,
        status: trial ? 'trialing' : 'active',
        couponId: coupon?.id ?? null,
        percentOff: coupon?.percent_off ?? null,
        trialEnd: trial ? end : null,
        currentPeriodStart: at,
        currentPeriodEnd: end,
        createdAt: at,
      });
      // Stripe opens a trial with a $0 invoice; the history shows it too.
      await insertInvoice(db, {
        id: periodInvoiceId(id, at),
        userId: user.id,
        subscriptionId: id,
        planId: plan.id,
        total: trial ? 0 : amount,
        status: 'paid',
        created: at,
      });
      return row;
    },

    async cancel(sub) {
      if (sub.endedAt || sub.status === 'canceled' || sub.cancelAtPeriodEnd) return sub;
      const at = now();
      // An unpaid subscription has no paid time left to keep.
      if (sub.status === 'unpaid')
        return updateSubscription(db, sub.id, { status: 'canceled', canceledAt: at, endedAt: at }, now());
      return updateSubscription(db, sub.id, { cancelAtPeriodEnd: true, canceledAt: at }, now());
    },

    async resume(sub) {
      return updateSubscription(db, sub.id, { cancelAtPeriodEnd: false, canceledAt: null }, now());
    },

    async history(userId) {
      return (await listInvoices(db, userId)).map(toInvoiceView);
    },

    async findCoupon(code): Promise<Coupon | null> {
      const entry = Object.entries(deps.config.billing.coupons).find(
        ([id]) => id.toUpperCase() === code.toUpperCase(),
      );
      if (!entry) return null;
      const [id, percent] = entry;
      return { id, name: `${percent}% off`, percent_off: percent };
    },
  };
}
