// Where merchants and their web registration are kept (adapters/persistence implements it).
import type { ActorCheck } from '../../../kernel/acting-person.js';
import type { Actor } from '../../../kernel/actor.js';
import type { WebRegistration } from '../../domain/web-registration.js';
import type { MerchantView, WebRegistrationView } from '../get-merchant/get-merchant.query.js';

export const MERCHANTS = Symbol('Merchants');

export interface NewMerchant {
  id: string;
  nombre: string;
  createdAt: Date;
}

export interface Merchants {
  create(merchant: NewMerchant): Promise<void>;
  /** Approves once (a second approval keeps the first time); false when there is no such merchant. */
  approve(merchantId: string, at: Date): Promise<boolean>;
  /** The merchant with its web registration, in one indexed read; null when there is none. */
  view(merchantId: string): Promise<MerchantView | null>;
  /** Replaces the registration and records the change (old and new values, who, when), once `check` accepts the
   * actor's role read under the merchant lock (it may throw); null: no such merchant. */
  setWebRegistration(
    merchantId: string,
    registration: WebRegistration,
    actor: Actor,
    at: Date,
    check: ActorCheck,
  ): Promise<WebRegistrationView | null>;
}
