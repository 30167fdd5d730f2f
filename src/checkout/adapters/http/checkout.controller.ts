// The hosted checkout page (PORT, /checkout/{token}): server-rendered, Spanish, one screen per state of the charge.
// Forms post here and answer 303 to the page (or to the bank), their errors and refusals too (post/redirect/get,
// the form's values carried by CheckoutFlash); the card number is never posted here, only the provider's token for it.
import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { DomainError, FieldError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { GatewayUnavailable } from '../../../payments/application/errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import { ChooseCashCommand } from '../../application/choose-cash/choose-cash.command.js';
import { isCheckoutToken } from '../../application/checkout-charges.js';
import { CheckoutNotFound, PaymentNotOpen } from '../../application/errors.js';
import { PayByCardCommand } from '../../application/pay-by-card/pay-by-card.command.js';
import { StartPsePaymentCommand } from '../../application/start-pse-payment/start-pse-payment.command.js';
import { ViewCheckoutQuery, type CheckoutSnapshot } from '../../application/view-checkout/view-checkout.query.js';
import { CheckoutErrorFilter } from './checkout-error.filter.js';
import { CheckoutFlash, type Flash } from './checkout-flash.js';
import { CheckoutScreens, type RenderOptions } from './checkout-screens.js';
import { redirect, sendPage, setPageHeaders, type PageOrigins } from './page-headers.js';
import { CHECKOUT_CSS, CHECKOUT_JS } from './views/assets.js';
import { documentNumberMessage, PSE_MESSAGES } from './views/methods.js';

const METHODS = ['pse', 'tarjeta', 'efectivo'] as const;
type Method = (typeof METHODS)[number];

const NOT_OPEN: Record<PaymentNotOpen['why'], string> = {
  final: 'Este pago ya terminó.',
  voucher: 'Ya tienes un código de pago en efectivo para esta compra.',
  in_progress: 'Ya hay un pago en proceso para esta compra: espera su resultado antes de intentar otro.',
  unavailable: 'El sistema de pagos no está disponible en este momento. Intenta de nuevo en unos minutos.',
};

const CARD_ERROR = 'No pudimos usar esa tarjeta. Escribe sus datos otra vez.';

/** The posted form's text fields (a urlencoded body): anything else is dropped. */
function textFields(body: unknown, names: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body === null || typeof body !== 'object') return fields;
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

const PSE_FIELDS = ['banco', 'tipoPersona', 'tipoDocumento', 'numeroDocumento', 'nombre', 'email', 'telefono'] as const;

/** How the page shows what the last action left: the PSE form's problems in Spanish, the card's error, a refusal. */
function flashOptions(flash: Flash | null): RenderOptions {
  switch (flash?.kind) {
    case 'pse': {
      const form = flash.values;
      const message = (field: string): string =>
        field === 'numeroDocumento' ? documentNumberMessage(form) : (PSE_MESSAGES[field] ?? 'Revisa este dato.');
      return { method: 'pse', pse: { values: form, errors: Object.fromEntries(flash.errors.map((field) => [field, message(field)])) } };
    }
    case 'card':
      return { method: 'tarjeta', cardError: CARD_ERROR };
    case 'refused':
      return { notice: NOT_OPEN[flash.why] };
    default:
      return {};
  }
}

@ApiExcludeController()
@Controller('checkout')
@UseFilters(CheckoutErrorFilter)
export class CheckoutController {
  private readonly origins: PageOrigins;

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly screens: CheckoutScreens,
    private readonly flash: CheckoutFlash,
    @Inject(PAYMENT_PROVIDER) provider: PaymentProvider,
    @Inject(CONFIG) config: Config,
  ) {
    const browser = provider.browserOrigins();
    this.origins = { frames: browser.frames, formTargets: browser.redirects, https: config.publicBaseUrl.startsWith('https://') };
  }

  @Get('assets/checkout.css')
  css(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return CHECKOUT_CSS;
  }

  @Get('assets/checkout.js')
  js(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return CHECKOUT_JS;
  }

  @Get(':token')
  async page(
    @Param('token') token: string,
    @Query('metodo') metodo: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | undefined> {
    const snapshot = await this.queries.execute(new ViewCheckoutQuery(token));
    const method = (METHODS as readonly string[]).includes(metodo ?? '') ? (metodo as Method) : undefined;
    return this.render(reply, snapshot, { method, ...flashOptions(this.flash.take(request, reply, token)) });
  }

  @Post(':token/pse')
  async pse(@Param('token') token: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const form = textFields(body, PSE_FIELDS);
    try {
      const { redirectUrl } = await this.commands.execute(new StartPsePaymentCommand(token, form));
      redirect(reply, redirectUrl, this.origins);
      return undefined;
    } catch (error) {
      if (error instanceof FieldError) return this.backTo(reply, token, { kind: 'pse', values: form, errors: Object.keys(error.fieldErrors) });
      return this.refused(reply, token, error);
    }
  }

  @Post(':token/tarjeta')
  async card(@Param('token') token: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const { tokenTarjeta, cuotas } = textFields(body, ['tokenTarjeta', 'cuotas']);
    try {
      await this.commands.execute(new PayByCardCommand(token, tokenTarjeta ?? '', cuotas));
      redirect(reply, `/checkout/${token}`, this.origins);
      return undefined;
    } catch (error) {
      if (error instanceof FieldError) return this.backTo(reply, token, { kind: 'card' });
      return this.refused(reply, token, error);
    }
  }

  @Post(':token/efectivo')
  async cash(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    try {
      await this.commands.execute(new ChooseCashCommand(token));
    } catch (error) {
      return this.refused(reply, token, error);
    }
    redirect(reply, `/checkout/${token}`, this.origins);
    return undefined;
  }

  /**
   * Which screen the page would show now, for checkout.js on the "confirmando" screen: it asks this instead of
   * reloading the whole page, and reloads once the answer is not `processing`. Names the screen and nothing else.
   */
  @Get(':token/estado')
  async screen(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ pantalla: string }> {
    const { screen } = await this.view(token);
    setPageHeaders(reply, this.origins);
    void reply.header('content-type', 'application/json; charset=utf-8');
    return { pantalla: screen.kind };
  }

  /**
   * A form's address asked with GET: a tab restored or a history entry from before the forms redirected, a link
   * typed by hand. The page as it is now, on the method that form was for; never a missing page.
   */
  @Get(':token/:metodo(pse|tarjeta|efectivo)')
  actionPage(@Param('token') token: string, @Param('metodo') metodo: Method, @Res({ passthrough: true }) reply: FastifyReply): void {
    if (!isCheckoutToken(token)) throw new CheckoutNotFound();
    redirect(reply, `/checkout/${token}?metodo=${metodo}`, this.origins);
  }

  /** Back to the merchant: its return page exactly as registered, no parameters added (spec). */
  @Get(':token/volver')
  async back(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const { returnUrl } = await this.view(token);
    if (!returnUrl) throw new DomainError('not_found', 'not_found', 'No return page');
    redirect(reply, returnUrl, this.origins);
  }

  private view(token: string): Promise<CheckoutSnapshot> {
    return this.queries.execute(new ViewCheckoutQuery(token));
  }

  /**
   * A payment the charge cannot take now: back to the page as it is, saying why. A provider that did not answer in
   * time may still have acted (charged the card, started the debit, issued the voucher): the buyer goes to the page,
   * which shows what the provider and the charge say now, rather than a page claiming nothing happened.
   */
  private refused(reply: FastifyReply, token: string, error: unknown): undefined {
    if (error instanceof PaymentNotOpen) return this.backTo(reply, token, { kind: 'refused', why: error.why });
    if (error instanceof GatewayUnavailable || (error instanceof DomainError && error.kind === 'conflict')) return this.backTo(reply, token, null);
    throw error;
  }

  /** 303 to the page (post/redirect/get: a reload does not post again), leaving it what to show once. */
  private backTo(reply: FastifyReply, token: string, flash: Flash | null): undefined {
    // Only a token's characters go into the cookie's Path and the Location (the path segment arrives decoded).
    if (!isCheckoutToken(token)) throw new CheckoutNotFound();
    if (flash) this.flash.leave(reply, token, flash);
    const method = flash?.kind === 'pse' ? '?metodo=pse' : flash?.kind === 'card' ? '?metodo=tarjeta' : '';
    redirect(reply, `/checkout/${token}${method}`, this.origins);
    return undefined;
  }

  private async render(reply: FastifyReply, snapshot: CheckoutSnapshot, options: RenderOptions): Promise<string | undefined> {
    const rendered = await this.screens.render(snapshot, options);
    if (rendered.kind === 'redirect') {
      redirect(reply, rendered.location, this.origins);
      return undefined;
    }
    return sendPage(reply, rendered.status, rendered.page, this.origins);
  }
}
