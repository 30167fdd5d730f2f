// The card form (browser, sandbox origin), framed by the gateway's checkout: the card number is posted here and
// only here. A valid test card becomes a token; the gateway's page receives the token, never the number.
import { Body, Controller, Get, Inject, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { DomainError } from '../../../kernel/errors.js';
import { checkCard, normaliseCardNumber, type CardInput } from './cards.js';
import { cardClosedPage, cardConfirmPage, cardFormPage } from './pages/card-pages.js';
import { originOf, sendPage, type PageOptions } from './pages/page.js';
import { SandboxLedger } from './sandbox-ledger.js';
import { SandboxPageErrorFilter } from './sandbox-page-error.filter.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

@ApiExcludeController()
@Controller('tarjeta')
@UseFilters(SandboxPageErrorFilter)
export class SandboxCardPageController {
  /** The sandbox's own origin is https (SANDBOX_PUBLIC_URL): only then does the form claim encryption. */
  private readonly https: boolean;

  constructor(
    private readonly ledger: SandboxLedger,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = config.sandboxPublicUrl.startsWith('https://');
  }

  @Get(':formId')
  async show(@Param('formId') formId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const form = await this.form(formId);
    return sendPage(reply, 200, cardFormPage(this.https), this.options(form.confirm_url));
  }

  @Post(':formId')
  async submit(
    @Param('formId') formId: string,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const form = await this.form(formId);
    const options = this.options(form.confirm_url);
    const session = await this.ledger.session(form.session_id);
    const latest = await this.ledger.latestAttempt(form.session_id);
    if (!session || latest?.estado === 'aprobado' || latest?.estado === 'rechazado') return sendPage(reply, 409, cardClosedPage(), options);

    const input: CardInput = { numero: text(body.numero), nombre: text(body.nombre), vence: text(body.vence), cvc: text(body.cvc) };
    const check = checkCard(input, this.clock.now());
    if (!check.ok) return sendPage(reply, 400, cardFormPage(this.https, check.errors, { nombre: input.nombre, vence: input.vence }), options);

    const { card } = check;
    const last4 = normaliseCardNumber(input.numero).slice(-4);
    const token = await this.ledger.recordCardToken(
      { session_id: form.session_id, marca: card.brand, tipo: card.type, ultimos4: last4, comportamiento: card.behaviour },
      this.clock.now(),
    );
    const view = { confirmUrl: form.confirm_url, token, brand: card.brand, type: card.type, last4, monto: session.monto, formId };
    return sendPage(reply, 200, cardConfirmPage(view), options);
  }

  private async form(formId: string) {
    const form = await this.ledger.cardForm(formId);
    if (!form) throw new DomainError('not_found', 'no_encontrado', 'El formulario no existe');
    return form;
  }

  /** Framed only by the gateway that asked for the form; posts only to itself and to the gateway's page. */
  private options(confirmUrl: string): PageOptions {
    const gateway = originOf(confirmUrl);
    return { title: 'Pago con tarjeta', framed: true, frameAncestors: gateway, formTargets: gateway };
  }
}
