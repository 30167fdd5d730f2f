import { Query } from '@nestjs/cqrs';
import type { Charge } from '../../../payments/domain/charge.js';
import type { Screen } from '../../domain/checkout-screen.js';

export interface CheckoutSnapshot {
  token: string;
  charge: Charge;
  merchantName: string;
  /** Where the buyer goes back to: the charge's urlRetorno, else the merchant's registered return page. */
  returnUrl: string | null;
  screen: Screen;
  now: Date;
}

/** Everything the hosted page shows for a checkout token. */
export class ViewCheckoutQuery extends Query<CheckoutSnapshot> {
  constructor(readonly token: string) {
    super();
  }
}
