/** Turns the card input plus the cardholder's name into a card token id (spec §7). */
export type Tokenize = (name: string) => Promise<string>;

/** A card problem worded by the card input itself (Stripe's element or our local form). */
export class CardInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardInputError';
  }
}
