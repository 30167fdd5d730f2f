// Configuración › Sitio web (/portal/configuracion/sitio): the same SetWebRegistration command as
// PUT /v1/merchants/me/registro-web, with the person as the actor (so the change records them and when).
import { Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { FieldError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { GetMerchant } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { SetWebRegistration } from '../../../merchants/application/set-web-registration/set-web-registration.command.js';
import { MerchantNotFound } from '../../../merchants/domain/merchant.errors.js';
import type { PortalSession } from '../../application/portal-session.js';
import { authorsOf } from './authors.js';
import { formFields } from './form-body.js';
import { sendPage, seeOther } from './page.js';
import { isHttps } from './portal-http.js';
import { PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import type { FieldErrors } from './views/forms.js';
import { siteMessage, sitePage } from './views/site.views.js';

@PortalController()
@Controller('portal/configuracion')
export class SiteController {
  private readonly https: boolean;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get()
  settings(@Res({ passthrough: true }) reply: FastifyReply): void {
    seeOther(reply, this.https, '/portal/configuracion/sitio');
  }

  @Get('sitio')
  async page(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply, @Query('hecho') hecho: string | undefined): Promise<string> {
    return this.render(sessionOf(request), reply, 200, {}, undefined, hecho === 'sitio' ? 'Guardamos el sitio web y la página de retorno.' : undefined);
  }

  @Post('sitio')
  async save(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const session = sessionOf(request);
    const form = formFields(request.body, ['sitioWeb', 'urlRetorno']);
    try {
      await this.commands.execute(new SetWebRegistration(session.principal.merchantId, form.sitioWeb.trim(), form.urlRetorno.trim(), session.principal.actor));
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      const errors: FieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([name, messages]) => [name, siteMessage(messages[0] ?? '')]));
      return this.render(session, reply, 400, errors, form);
    }
    seeOther(reply, this.https, '/portal/configuracion/sitio?hecho=sitio');
    return undefined;
  }

  private async render(
    session: PortalSession,
    reply: FastifyReply,
    status: number,
    errors: FieldErrors,
    posted: { sitioWeb: string; urlRetorno: string } | undefined,
    done?: string,
  ): Promise<string> {
    const merchant = await this.queries.execute(new GetMerchant(session.principal.merchantId));
    if (!merchant) throw new MerchantNotFound();
    const registration = merchant.registroWeb;
    const authors = await authorsOf(this.queries, session.principal.merchantId, [registration?.actualizadoPor]);
    const form = posted ?? { sitioWeb: registration?.sitioWeb ?? '', urlRetorno: registration?.urlRetorno ?? '' };
    return sendPage(reply, this.https, status, sitePage(session, { registration, authors, form, errors, done, aprobado: merchant.aprobado }));
  }
}
