import { messages } from '@tapeline/core';
import { z } from 'zod';
import { formRules } from '../../ui/form/formRules.ts';
import { billingText } from './billingText.ts';

export interface LocalCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export interface ParsedCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" while typing (19 digits at most). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34" while typing; a lone first digit above 1 becomes "0N". */
export function formatExpiryInput(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The local card form's own completeness checks, worded as Stripe's card element words them.
 * Whether the number is valid (Luhn) or the card is accepted is the provider's call.
 */
export function parseLocalCard(input: LocalCardInput, now: Date): ParsedCard | { error: string } {
  const number = digitsOnly(input.number);
  if (number.length < 12 || number.length > 19) return { error: billingText.cardInvalidNumber };
  const expiry = digitsOnly(input.expiry);
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2, 4));
  if (expiry.length !== 4 || month < 1 || month > 12) return { error: billingText.cardInvalidExpiry };
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return { error: billingText.cardExpiredInput };
  const cvc = digitsOnly(input.cvc);
  if (cvc.length < 3 || cvc.length > 4) return { error: billingText.cardInvalidCvc };
  return { number, exp_month: month, exp_year: year, cvc };
}

/**
 * The card form's rules (spec §4): the name on the card first, before anything is sent. The card
 * itself is checked when it is tokenized (parseLocalCard above, or the card provider's field).
 */
export const cardForm = formRules(
  { name: z.string(), number: z.string(), expiry: z.string(), cvc: z.string() },
  (card) => (card.name.trim() ? null : messages.cardNameRequired),
);
