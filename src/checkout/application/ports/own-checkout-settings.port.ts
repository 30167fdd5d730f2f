// The operator's own-checkout switch per merchant (DESIGN.md 5.14), with the record of who changed it and when.
import type { Actor } from '../../../kernel/actor.js';

export const OWN_CHECKOUT_SETTINGS = Symbol('OwnCheckoutSettings');

export interface OwnCheckoutSettings {
  /** False when there is no such merchant. */
  set(merchantId: string, enabled: boolean, actor: Actor, at: Date): Promise<boolean>;
}
