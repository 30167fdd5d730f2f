// Configuración › Webhook (/portal/configuracion/webhook): the same RegisterWebhookEndpoint, UpdateWebhookEndpoint,
// RollSigningSecret and GetWebhookEndpoint as /v1/webhook-endpoint, and the deliveries log with ResendDelivery, the
// person as actor.
import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { DomainError, FieldError, NotFound } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { isUuid } from '../../../kernel/uuid.js';
import { GetWebhookEndpoint } from '../../../webhooks/application/get-endpoint/get-endpoint.query.js';
import { ListDeliveries } from '../../../webhooks/application/list-deliveries/list-deliveries.query.js';
import { RegisterWebhookEndpoint } from '../../../webhooks/application/register-endpoint/register-endpoint.command.js';
import { ResendDelivery } from '../../../webhooks/application/resend-delivery/resend-delivery.command.js';
import { RollSigningSecret } from '../../../webhooks/application/roll-signing-secret/roll-signing-secret.command.js';
import { UpdateWebhookEndpoint } from '../../../webhooks/application/update-endpoint/update-endpoint.command.js';
import { encodeDeliveryCursor, toDeliveriesRequest } from '../../../webhooks/adapters/http/delivery.dto.js';
import type { DeliveryCursor } from '../../../webhooks/application/ports/delivery-log.port.js';
import { DELIVERY_ESTADOS, type DeliveryEstado } from '../../../webhooks/domain/delivery.js';
import type { PortalSession } from '../../application/portal-session.js';
import { authorsOf } from './authors.js';
import { formField } from './form-body.js';
import { sendPage, seeOther } from './page.js';
import { isHttps } from './portal-http.js';
import { PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import type { FieldErrors } from './views/forms.js';
import { RESEND_DONE, RESEND_PROBLEM, rollConfirmPage, rolledSecretPage, secretPage, urlMessage, webhookPage } from './views/webhook.views.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { ForbiddenRole } from '../../../merchants/domain/merchant.errors.js';
import type { WebhookEndpointView } from '../../../webhooks/application/ports/webhook-endpoints.port.js';
import { WebhookEndpointNotFound } from '../../../webhooks/domain/webhook.errors.js';
import { isStillSigning, previousSecretValidUntil } from '../../../webhooks/domain/signing-secrets.js';
import { ownEntry } from '../../../kernel/own-entry.js';

const PATH = '/portal/configuracion/webhook';

/** Deliveries per page; older ones behind "Ver anteriores", by the operator API's cursor. */
const PAGE_SIZE = 50;

const DONE: Record<string, string> = {
  url: 'Guardamos la URL nueva.',
  activo: 'Activamos el endpoint.',
  inactivo: 'Desactivamos el endpoint.',
  ...RESEND_DONE,
};

const ALREADY_REGISTERED =
  'Ya hay un endpoint registrado, así que no registramos otro (pasa si recargas la página del secreto). El secreto de ' +
  'firma solo se muestra al registrarlo: si no lo guardaste, cámbialo en "Secreto de firma".';

/** Only a portal page to go back to. */
const backTo = (candidate: string | undefined): string => (candidate && /^\/portal\/[A-Za-z0-9/_\-?=&%.]*$/.test(candidate) ? candidate : PATH);

@PortalController()
@Controller(PATH)
export class WebhookController {
  private readonly https: boolean;
  /** WEBHOOK_RETRY_DELAYS: the page says the retries this gateway makes. */
  private readonly retryDelays: readonly number[];

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = isHttps(config);
    this.retryDelays = config.webhookRetryDelays;
  }

  @Get()
  async page(
    @Req() request: PortalRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('estado') estado: string | undefined,
    @Query('hecho') hecho: string | undefined,
    @Query('problema') problema: string | undefined,
    @Query('cursor') cursor: unknown,
  ): Promise<string> {
    const session = sessionOf(request);
    const filter = DELIVERY_ESTADOS.find((e) => e === estado) ?? '';
    let after: DeliveryCursor | null;
    try {
      ({ after } = toDeliveriesRequest({ cursor: typeof cursor === 'string' && cursor !== '' ? cursor : undefined }));
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      return this.render(session, reply, 400, { filter, problem: 'Ese enlace de página ya no sirve: estos son los avisos más recientes.' });
    }
    return this.render(session, reply, 200, {
      filter,
      after,
      cursor: after ? (cursor as string) : null,
      done: ownEntry(DONE, hecho),
      problem: ownEntry(RESEND_PROBLEM, problema),
    });
  }

  @Post()
  async register(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const session = sessionOf(request);
    const url = (formField(request.body, 'url') ?? '').trim();
    try {
      // A double click's first answer is lost (the browser shows the second's): the same person's repeat of this
      // registration gets it again, secret included, rather than the "already registered" notice.
      const { endpoint, secret, repeated } = await this.commands.execute(
        new RegisterWebhookEndpoint(session.principal.merchantId, url, session.principal.actor, true),
      );
      // Shown in this answer only: not a redirect, so the secret is in no URL and no history entry.
      return sendPage(reply, this.https, 201, secretPage(session, endpoint, secret, repeated === true));
    } catch (error) {
      if (error instanceof FieldError) return this.render(session, reply, 400, { url, errors: this.errorsOf(error) });
      // Most often the browser posting the registration again (a reload of the secret's page): this page, not a
      // dead end, with what to do if the secret was not kept.
      if (error instanceof DomainError && error.code === 'webhook_endpoint_exists') return this.render(session, reply, 409, { problem: ALREADY_REGISTERED });
      throw error;
    }
  }

  @Post('url')
  async changeUrl(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const session = sessionOf(request);
    const url = (formField(request.body, 'url') ?? '').trim();
    try {
      await this.commands.execute(new UpdateWebhookEndpoint(session.principal.merchantId, { url }, session.principal.actor));
    } catch (error) {
      if (error instanceof FieldError) return this.render(session, reply, 400, { url, errors: this.errorsOf(error) });
      throw error;
    }
    seeOther(reply, this.https, `${PATH}?hecho=url`);
    return undefined;
  }

  @Post('estado')
  async setActive(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    const activo = formField(request.body, 'activo') === 'true';
    await this.commands.execute(new UpdateWebhookEndpoint(session.principal.merchantId, { activo }, session.principal.actor));
    seeOther(reply, this.https, `${PATH}?hecho=${activo ? 'activo' : 'inactivo'}`);
  }

  /** What a roll would stop and when, before it is made; a write's page, so a read-only person gets the 403 page. */
  @Get('secreto')
  async confirmRoll(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const session = sessionOf(request);
    if (session.principal.role !== 'administrador') throw new ForbiddenRole();
    return this.renderConfirmation(session, reply, 200, {});
  }

  @Post('secreto')
  async rollSecret(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const session = sessionOf(request);
    const merchantId = session.principal.merchantId;
    // The confirmation names the state it was shown for: a post without it (a page from before, a forged form) is
    // sent to the confirmation, nothing rolled.
    const visto = new Date(formField(request.body, 'visto') ?? '');
    if (Number.isNaN(visto.getTime())) {
      seeOther(reply, this.https, `${PATH}/secreto`);
      return undefined;
    }
    const endpoint = await this.queries.execute(new GetWebhookEndpoint(merchantId));
    if (!endpoint) throw new WebhookEndpointNotFound();
    // Unchanged since the confirmation and a replaced secret still signing: rolling stops it now, so it must be ticked.
    const unchanged = endpoint.actualizadoEn === visto.toISOString();
    if (unchanged && this.inGrace(endpoint) && formField(request.body, 'entiendo') !== 'si') {
      return this.renderConfirmation(session, reply, 400, { error: 'Marca que entiendes que el secreto anterior deja de firmar ya, o vuelve sin cambiarlo.' });
    }
    try {
      const rolled = await this.commands.execute(new RollSigningSecret(merchantId, session.principal.actor, visto));
      // Like registering: the new secret is in this answer only, never in a URL or a history entry. A repeat of the
      // same confirmation (a double click, a reload) gets the same roll's answer, nothing rolled again.
      return sendPage(reply, this.https, 201, rolledSecretPage(session, rolled.endpoint, rolled.secret, rolled.previousValidUntil.toISOString(), rolled.repeated === true));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'webhook_endpoint_changed') {
        return this.renderConfirmation(session, reply, 409, {
          problem: 'El endpoint cambió después de que abriste esta página, así que no cambiamos el secreto. Revisa abajo lo que pasaría ahora y confirma otra vez si aún quieres cambiarlo.',
        });
      }
      throw error;
    }
  }

  @Post('entregas/:id/reenviar')
  async resend(@Param('id') id: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    // Another merchant's delivery is a 404 like a missing one (ResendDelivery checks it, given the merchant).
    if (!isUuid(id)) throw new NotFound('Delivery');
    const back = backTo(formField(request.body, 'volver'));
    const joiner = back.includes('?') ? '&' : '?';
    try {
      await this.commands.execute(new ResendDelivery(id, session.principal.actor, session.principal.merchantId));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'delivery_pending') {
        seeOther(reply, this.https, `${back}${joiner}hecho=en_curso`);
        return;
      }
      throw error;
    }
    // With no active endpoint the dispatcher records the attempt as sin_endpoint and sends nothing: say so, not "sent".
    const endpoint = await this.queries.execute(new GetWebhookEndpoint(session.principal.merchantId));
    seeOther(reply, this.https, `${back}${joiner}${endpoint?.activo ? 'hecho=reenviada' : 'problema=sin_endpoint'}`);
  }

  private inGrace(endpoint: WebhookEndpointView): boolean {
    const until = endpoint.previousSecretValidUntil;
    return until !== null && isStillSigning({ validUntil: new Date(until) }, this.clock.now());
  }

  private async renderConfirmation(session: PortalSession, reply: FastifyReply, status: number, options: { error?: string; problem?: string }): Promise<string | undefined> {
    const endpoint = await this.queries.execute(new GetWebhookEndpoint(session.principal.merchantId));
    if (!endpoint) {
      seeOther(reply, this.https, PATH);
      return undefined;
    }
    const authors = await authorsOf(this.queries, session.principal.merchantId, [endpoint.actualizadoPor]);
    const currentValidUntil = previousSecretValidUntil(this.clock.now()).toISOString();
    return sendPage(reply, this.https, status, rollConfirmPage(session, { endpoint, authors, inGrace: this.inGrace(endpoint), currentValidUntil, ...options }));
  }

  private errorsOf(error: FieldError): FieldErrors {
    return { url: urlMessage(error.fieldErrors.url?.[0] ?? '') };
  }

  private async render(
    session: PortalSession,
    reply: FastifyReply,
    status: number,
    options: { filter?: DeliveryEstado | ''; after?: DeliveryCursor | null; cursor?: string | null; url?: string; errors?: FieldErrors; done?: string; problem?: string },
  ): Promise<string> {
    const merchantId = session.principal.merchantId;
    const endpoint = await this.queries.execute(new GetWebhookEndpoint(merchantId));
    const filter = options.filter ?? '';
    const after = options.after ?? null;
    const page = await this.queries.execute(new ListDeliveries(merchantId, filter || undefined, PAGE_SIZE, undefined, after));
    const authors = await authorsOf(this.queries, merchantId, [endpoint?.actualizadoPor]);
    return sendPage(
      reply,
      this.https,
      status,
      webhookPage(session, {
        endpoint,
        authors,
        deliveries: page?.data ?? [],
        next: page?.next ? encodeDeliveryCursor(page.next) : null,
        cursor: options.cursor ?? null,
        estado: filter,
        url: options.url ?? endpoint?.url ?? '',
        errors: options.errors ?? {},
        done: options.done,
        problem: options.problem,
        retryDelays: this.retryDelays,
      }),
    );
  }
}
