// Who is calling the merchant API: set on the request by the API key guard (or, later, a portal session).
import type { Actor } from './actor.js';

export type MerchantRole = 'administrador' | 'lectura';

export interface Principal {
  merchantId: string;
  role: MerchantRole;
  /** The API key's id or the person's id, as recorded in events and settings changes. */
  actor: Actor;
}
