// Turns the checkout's state into the page to send (or, for own checkout, the bank to send the buyer to).
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { GatewayUnavailable } from '../../../payments/application/errors.js';
import type { Screen } from '../../domain/checkout-screen.js';
import { PaymentNotOpen } from '../../application/errors.js';
import { ListBanksQuery } from '../../application/list-banks/list-banks.query.js';
import { OpenCardFormQuery } from '../../application/open-card-form/open-card-form.query.js';
import type { CheckoutSnapshot } from '../../application/view-checkout/view-checkout.query.js';
import { html, type Raw } from './views/html.js';
import { layout, type Summary } from './views/layout.js';
import { cardPanel, cashPanel, chooseMethod, pseForm, type Links, type PseFormState } from './views/methods.js';
import { finalScreen, processingScreen, unavailableScreen, voucherExpiredScreen, voucherScreen, type Back } from './views/screens.js';

export interface RenderOptions {
  method?: 'pse' | 'tarjeta' | 'efectivo';
  pse?: PseFormState;
  cardError?: string;
  /** Why the last action did nothing, shown above whatever the page shows now (the methods, the voucher, a result). */
  notice?: string;
}

export type Rendered = { kind: 'page'; status: number; page: string } | { kind: 'redirect'; location: string };

const FINAL_TITLES = { aprobado: 'Pago aprobado', fallido: 'Pago no aprobado', reembolsado: 'Pago reembolsado' };
/** A payment being confirmed, without JavaScript, reloads itself this often (with it, checkout.js asks). */
const REFRESH_SECONDS = 10;

@Injectable()
export class CheckoutScreens {
  private readonly https: boolean;

  constructor(
    private readonly queries: QueryBus,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = config.publicBaseUrl.startsWith('https://');
  }

  async render(snapshot: CheckoutSnapshot, options: RenderOptions): Promise<Rendered> {
    const { charge, screen, token } = snapshot;
    const self = `/checkout/${token}`;
    const back: Back = { href: snapshot.returnUrl ? `${self}/volver` : null, merchantName: snapshot.merchantName };
    const summary: Summary = {
      merchantName: snapshot.merchantName,
      monto: charge.monto,
      descripcion: charge.descripcion,
      referencia: charge.referencia,
    };
    const notice = options.notice ? html`<p class="notice warn flash" role="alert">${options.notice}</p>` : null;
    const page = (body: Raw, title: string, status = 200, refreshSeconds?: number): Rendered => ({
      kind: 'page',
      status,
      page: layout(html`${notice}${body}`, { title, summary, refreshSeconds, https: this.https }),
    });

    switch (screen.kind) {
      case 'final': {
        // An approval is dated by the approval (the merchant's webhook and settlement say the same time), not by the
        // record's last change: a reconciliation days later moved the buyer's "Fecha" to that day.
        const at = screen.outcome === 'aprobado' ? (charge.approvedAt ?? charge.updatedAt) : charge.updatedAt;
        const facts = { monto: charge.monto, referencia: charge.referencia, method: charge.method, at };
        return page(finalScreen(screen.outcome, { ...facts, failureReason: charge.failureReason }, back), FINAL_TITLES[screen.outcome]);
      }
      case 'voucher': {
        if (!charge.voucher) return this.unavailable(page, self);
        const msLeft = Date.parse(charge.voucher.expiresAt) - snapshot.now.getTime();
        return page(voucherScreen(charge.voucher, charge.monto, msLeft, back), 'Código de pago en efectivo');
      }
      case 'voucher-expired':
        return charge.voucher ? page(voucherExpiredScreen(charge.voucher, back), 'Código de pago vencido') : this.unavailable(page, self);
      case 'processing':
        return page(processingScreen(screen.bankName, self, back), 'Confirmando tu pago', 200, REFRESH_SECONDS);
      case 'unavailable':
        return this.unavailable(page, self);
      case 'go-to-bank':
        return { kind: 'redirect', location: screen.url };
      case 'choose':
        return this.choose(snapshot, screen, options, page, { self, back: back.href, merchantName: snapshot.merchantName });
      default: {
        const unhandled: never = screen;
        return unhandled;
      }
    }
  }

  private async choose(
    snapshot: CheckoutSnapshot,
    screen: Extract<Screen, { kind: 'choose' }>,
    options: RenderOptions,
    page: (body: Raw, title: string, status?: number) => Rendered,
    links: Links,
  ): Promise<Rendered> {
    try {
      switch (options.method) {
        case 'pse': {
          const banks = await this.queries.execute(new ListBanksQuery());
          return page(pseForm(links, banks, options.pse ?? { values: {}, errors: {} }, screen.pendingBank), 'Pagar con PSE');
        }
        case 'tarjeta': {
          const { frameUrl } = await this.queries.execute(new OpenCardFormQuery(snapshot.token));
          // "Seguro" only when this page and the provider's frame are both over https, as the bar and the frame say.
          const secure = this.https && frameUrl.startsWith('https://');
          return page(cardPanel(links, frameUrl, options.cardError ?? null, secure), 'Pagar con tarjeta');
        }
        case 'efectivo':
          return page(cashPanel(links), 'Pagar en efectivo');
        default:
          return page(chooseMethod(links, screen.pendingBank), 'Elige cómo pagar');
      }
    } catch (error) {
      if (error instanceof GatewayUnavailable) return this.unavailable(page, links.self);
      if (error instanceof PaymentNotOpen) return page(chooseMethod(links, null), 'Elige cómo pagar', 409);
      throw error;
    }
  }

  private unavailable(page: (body: Raw, title: string, status?: number) => Rendered, self: string): Rendered {
    return page(unavailableScreen(self), 'Sistema de pagos no disponible', 503);
  }
}
