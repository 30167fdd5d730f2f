// The charge behind a checkout token, as the hosted page's use cases need it. A charge left creado by a provider
// time-out is opened here, when its buyer arrives (the provider keys the session by the charge id).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../kernel/actor.js';
import type { Config } from '../../kernel/config.js';
import { CONFIG } from '../../kernel/infrastructure.module.js';
import { ChargeStream, startedBy } from '../../payments/application/charge-stream.js';
import { GatewayUnavailable } from '../../payments/application/errors.js';
import { OpenCheckout } from '../../payments/application/open-checkout.js';
import type { Charge } from '../../payments/domain/charge.js';
import { sameToken } from '../../kernel/same-token.js';
import { chargeIdOfToken } from '../../payments/domain/checkout-token.js';
import { CheckoutNotFound, PaymentNotOpen } from './errors.js';
import { CHECKOUT_LOOKUP, type CheckoutLookup } from './ports/checkout-lookup.port.js';

/** The hosted page acts for the buyer, who has no account: events it causes name the checkout. */
export const CHECKOUT_ACTOR: Actor = { type: 'system', id: 'checkout' };

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether a path segment can be a checkout token at all (anything else is a missing page, asked of nobody). */
export const isCheckoutToken = (token: string): boolean => TOKEN.test(token);

export type PayableCharge = Charge & { providerSessionId: string };

@Injectable()
export class CheckoutCharges {
  constructor(
    @Inject(CHECKOUT_LOOKUP) private readonly lookup: CheckoutLookup,
    private readonly charges: ChargeStream,
    private readonly openCheckout: OpenCheckout,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Our own page for the token (DESIGN.md 6b): where the bank and the card form send the buyer back. */
  pageUrl(token: string): string {
    return `${this.config.publicBaseUrl}/checkout/${token}`;
  }

  async byToken(token: string): Promise<Charge> {
    if (!isCheckoutToken(token)) throw new CheckoutNotFound();
    // A token names its charge (checkout-token.ts); one made before it did is found through the read model.
    const chargeId = chargeIdOfToken(token) ?? (await this.lookup.chargeIdByToken(token));
    if (!chargeId) throw new CheckoutNotFound();
    const { state } = await this.charges.load(chargeId);
    if (!state || !sameToken(state.checkoutToken, token)) throw new CheckoutNotFound();
    if (state.estado !== 'creado') return state;
    try {
      return await this.openCheckout.ensure(state.id, startedBy(randomUUID(), CHECKOUT_ACTOR));
    } catch (error) {
      if (error instanceof GatewayUnavailable) return state;
      throw error;
    }
  }

  /** A charge that can take a new payment: pendiente, with its provider session, and no cash voucher. */
  async payable(token: string): Promise<PayableCharge> {
    const charge = await this.byToken(token);
    if (charge.estado === 'creado' || !charge.providerSessionId) throw new PaymentNotOpen('unavailable');
    if (charge.estado !== 'pendiente') throw new PaymentNotOpen('final');
    if (charge.voucher) throw new PaymentNotOpen('voucher');
    return { ...charge, providerSessionId: charge.providerSessionId };
  }
}
