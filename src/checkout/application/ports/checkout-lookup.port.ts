// Finds a charge by the unguessable token of its checkoutUrl (DESIGN.md 6b).
export const CHECKOUT_LOOKUP = Symbol('CheckoutLookup');

export interface CheckoutLookup {
  /** The charge id behind a checkout token; null when no charge has it. */
  chargeIdByToken(token: string): Promise<string | null>;
}
