// Pagos (/portal/pagos): the list with filters and cursor pages, and one charge with its history. The same queries
// as GET /v1/pagos and GET /v1/pagos/{id}; the history is the charge's own event stream.
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { DomainError, FieldError, NotFound } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { GetChargeHistory } from '../../../operator/application/get-charge-history/get-charge-history.query.js';
import { fieldErrorsOf } from '../../../kernel/http/validation.js';
import { encodeCursor, ListChargesParams, toListRequest, type ListRequest } from '../../../payments/adapters/http/list-charges.query.dto.js';
import { GetChargeQuery } from '../../../payments/application/get-charge/get-charge.query.js';
import { ListChargesQuery } from '../../../payments/application/list-charges/list-charges.query.js';
import { GetSettlementQuery, type SettlementView } from '../../../settlement/application/get-settlement/get-settlement.query.js';
import { GetWebhookEndpoint } from '../../../webhooks/application/get-endpoint/get-endpoint.query.js';
import { ListDeliveries } from '../../../webhooks/application/list-deliveries/list-deliveries.query.js';
import { authorsOf } from './authors.js';
import { sendPage } from './page.js';
import { DELIVERIES_SHOWN, isHttps } from './portal-http.js';
import { PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import { chargeDetailPage } from './views/charge-detail.views.js';
import { chargesPage, pageQuery, type ChargeFilters } from './views/charges.views.js';
import { okNotice, problemNotice, type FieldErrors } from './views/forms.js';
import { html } from './views/html.js';
import { settlementSection } from './views/settlement.views.js';
import { deliveriesTable, RESEND_DONE, RESEND_PROBLEM } from './views/webhook.views.js';
import { ownEntry } from '../../../kernel/own-entry.js';

const PAGE_SIZE = 20;

const NOT_A_DAY = 'no es una fecha del calendario: elige día, mes y año en el calendario del campo.';

/** The query's fields, each taken once. */
const FILTERS = ['estado', 'referencia', 'desde', 'hasta', 'cursor'] as const;

const SENT_TWICE = 'sent more than once';

const LABELS: Record<string, string> = { estado: 'El estado', referencia: 'La referencia', desde: 'La fecha "desde"', hasta: 'La fecha "hasta"' };

/** The API's refusals of the filters (ListChargesParams, toListRequest), in Spanish. */
function filterMessage(field: string, messages: string[]): string {
  const label = LABELS[field];
  if (label && messages.includes(SENT_TWICE)) return `${label} va una sola vez en la dirección de la página: vuelve a filtrar con el formulario.`;
  switch (field) {
    case 'estado':
      return 'Elige un estado de la lista.';
    case 'referencia':
      return 'La referencia tiene como máximo 120 caracteres.';
    case 'desde':
      return `La fecha "desde" ${NOT_A_DAY}`;
    case 'hasta':
      return messages.some((m) => /after desde/.test(m)) ? 'La fecha "hasta" debe ser igual o posterior a "desde".' : `La fecha "hasta" ${NOT_A_DAY}`;
    default:
      return 'Ese enlace de página ya no sirve: vuelve a la primera página.';
  }
}

/**
 * The filters read as GET /v1/pagos reads its query: the same class's checks and the same toListRequest, every
 * problem in one FieldError.
 */
async function listRequest(filters: ChargeFilters, cursor: string): Promise<ListRequest> {
  const params = plainToInstance(ListChargesParams, Object.fromEntries(Object.entries({ ...filters, cursor }).filter(([, value]) => value !== '')));
  return toListRequest(params, fieldErrorsOf(await validate(params)));
}

const one = (value: string | string[] | undefined): string => (typeof value === 'string' ? value.trim() : '');

@PortalController()
@Controller('portal/pagos')
export class ChargesController {
  private readonly https: boolean;

  constructor(
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get()
  async list(
    @Req() request: PortalRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query() query: Record<string, string | string[] | undefined>,
  ): Promise<string> {
    const session = sessionOf(request);
    const filters: ChargeFilters = { estado: one(query.estado), referencia: one(query.referencia), desde: one(query.desde), hasta: one(query.hasta) };
    const cursor = one(query.cursor);
    // A filter sent twice (`?estado=a&estado=b`, only by editing the address) is refused as GET /v1/pagos refuses it,
    // rather than read as no filter at all.
    const repeated = FILTERS.filter((field) => Array.isArray(query[field]));
    let errors: FieldErrors = Object.fromEntries(repeated.map((field) => [field, filterMessage(field, [SENT_TWICE])]));
    let listed: ListRequest | undefined;
    try {
      listed = await listRequest(filters, cursor);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      errors = { ...Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, filterMessage(field, messages)])), ...errors };
    }
    if (listed && Object.keys(errors).length === 0) {
      const page = await this.queries.execute(new ListChargesQuery(session.principal.merchantId, listed.filter, listed.after, PAGE_SIZE));
      const model = { filters, charges: page.data, nextQuery: page.next ? pageQuery(filters, encodeCursor(page.next)) : null, paged: cursor !== '', errors: {} };
      return sendPage(reply, this.https, 200, chargesPage(session, model));
    }
    return sendPage(reply, this.https, 400, chargesPage(session, { filters, charges: [], nextQuery: null, paged: false, errors }));
  }

  @Get(':id')
  async detail(
    @Param('id') id: string,
    @Req() request: PortalRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('hecho') hecho: string | undefined,
    @Query('problema') problema: string | undefined,
  ): Promise<string> {
    const session = sessionOf(request);
    // Another merchant's charge is the same 404 as a missing one (DESIGN.md section 7).
    const charge = await this.queries.execute(new GetChargeQuery(session.principal.merchantId, id));
    if (!charge) throw new NotFound('Charge');
    const events = (await this.queries.execute(new GetChargeHistory(charge.id))) ?? [];
    const authors = await authorsOf(this.queries, session.principal.merchantId, events.map((e) => e.metadata.actor));
    const checkoutUrl = `${this.config.publicBaseUrl}/checkout/${charge.checkoutToken}`;
    const deliveries = (await this.queries.execute(new ListDeliveries(session.principal.merchantId, undefined, DELIVERIES_SHOWN, charge.id)))?.data ?? [];
    // Only approved charges (later reconciled or refunded) have a liquidación (DESIGN.md 5.12).
    const settled = ['aprobado', 'conciliado', 'reembolsado'].includes(charge.estado);
    const open = charge.estado === 'creado' || charge.estado === 'pendiente';
    // A re-send is the event as it was sent: an approval, though the charge has been refunded since.
    const refundedSince = charge.estado === 'reembolsado' && deliveries.some((d) => d.tipo === 'payment.completed');
    const settlement = settled ? await this.settlementOf(session.principal.merchantId, charge.id) : null;
    const extra = html`${settlement ? settlementSection(settlement) : ''}<section class="card" aria-labelledby="avisos">
  <h2 id="avisos">Avisos a tu webhook</h2>
  ${okNotice(ownEntry(RESEND_DONE, hecho))}${problemNotice(ownEntry(RESEND_PROBLEM, problema))}
  ${
    deliveries.length > 0
      ? html`${refundedSince ? html`<p class="hint">Este pago ya se reembolsó. Si reenvías payment.completed, tu servidor lo recibe tal como se envió al aprobarse: antes de despachar un pedido por un aviso reenviado o tardío, consulta el estado actual del pago (GET /v1/pagos/{id}).</p>` : ''}${deliveriesTable(session, deliveries, `/portal/pagos/${charge.id}`, false)}`
      : open
        ? html`<p class="hint">Ninguno: solo se avisa cuando el pago se aprueba (payment.completed) o falla (payment.failed).</p>`
        : html`<p class="hint">Aún no aparece ninguno. Si el pago cambió hace un momento, recarga la página en unos segundos.</p>`
  }
</section>`;
    const hasEndpoint = (await this.queries.execute(new GetWebhookEndpoint(session.principal.merchantId))) !== null;
    return sendPage(reply, this.https, 200, chargeDetailPage(session, { charge, checkoutUrl, events, authors, deliveries, hasEndpoint, extra }));
  }

  /** The charge's liquidación; null when settlement has none for it (it then says why with a 409 on the API). */
  private async settlementOf(merchantId: string, chargeId: string): Promise<SettlementView | null> {
    try {
      return await this.queries.execute(new GetSettlementQuery(merchantId, chargeId));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'settlement_not_available') return null;
      throw error;
    }
  }
}
