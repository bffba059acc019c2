import { randomBytes } from 'node:crypto';
import { type LocalCardTokenRequest, messages, serverMessages } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { localCardTokens } from '../../../../platform/db/schema.ts';
import { cardError } from '../../errors.ts';

/**
 * What Stripe's test cards do (https://docs.stripe.com/testing), so the local provider behaves
 * like Stripe's test mode: declines happen when the card is attached, 0341 attaches and then
 * every charge fails. Any other number passing the Luhn check succeeds.
 */
export type CardBehaviour =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'expired'
  | 'incorrect_cvc'
  | 'charge_fails';

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000341': 'charge_fails',
};

/** Stripe's own wording for each failure. */
export const DECLINE_MESSAGES: Record<Exclude<CardBehaviour, 'succeeds'>, string> = {
  declined: serverMessages.cardDeclined,
  insufficient_funds: serverMessages.cardInsufficientFunds,
  expired: serverMessages.cardHasExpired,
  incorrect_cvc: serverMessages.cardCvcIncorrect,
  charge_fails: serverMessages.cardDeclined,
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brand names as Stripe reports `card.brand`. */
export function cardBrand(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'Visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MasterCard';
  if (two === 34 || two === 37) return 'American Express';
  if (digits.startsWith('6011') || two === 65 || (four >= 6440 && four <= 6499)) return 'Discover';
  if (two === 35) return 'JCB';
  if (two === 36 || two === 38 || (four >= 3000 && four <= 3059)) return 'Diners Club';
  if (two === 62) return 'UnionPay';
  return 'Unknown';
}

/** Checks card input as Stripe's tokenizer does and stores a single-use token. */
export async function createLocalCardToken(
  db: Db,
  input: LocalCardTokenRequest,
  now: Date,
): Promise<{ id: string }> {
  if (!input.name.trim()) throw cardError(messages.cardNameRequired);
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw cardError(serverMessages.cardNumberIncorrect);
  if (input.exp_month < 1 || input.exp_month > 12) throw cardError(serverMessages.cardExpMonthInvalid);
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  if (year > now.getUTCFullYear() + 50) throw cardError(serverMessages.cardExpYearInvalid);
  const lastValid = Date.UTC(year, input.exp_month, 1); // the card works through its expiry month
  if (lastValid <= now.getTime()) throw cardError(serverMessages.cardExpired);
  const brand = cardBrand(digits);
  const cvcLength = brand === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) throw cardError(serverMessages.cardCvcInvalid);

  const id = `tok_${randomBytes(12).toString('hex')}`;
  await db.insert(localCardTokens).values({
    id,
    cardKind: brand,
    last4: digits.slice(-4),
    expMonth: input.exp_month,
    expYear: year,
    name: input.name.trim(),
    behaviour: TEST_CARDS[digits] ?? 'succeeds',
    createdAt: now,
  });
  return { id };
}

export async function findToken(db: Db, id: string) {
  const [row] = await db.select().from(localCardTokens).where(eq(localCardTokens.id, id)).limit(1);
  return row;
}

/** The card behind a saved customer's payment method: does a charge go through? */
export async function chargeOutcome(
  db: Db,
  paymentMethodId: string | null,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const token = paymentMethodId ? await findToken(db, paymentMethodId) : undefined;
  if (!token) return { ok: false, message: DECLINE_MESSAGES.declined };
  const behaviour = token.behaviour as CardBehaviour;
  return behaviour === 'succeeds'
    ? { ok: true }
    : { ok: false, message: DECLINE_MESSAGES[behaviour] ?? DECLINE_MESSAGES.declined };
}
