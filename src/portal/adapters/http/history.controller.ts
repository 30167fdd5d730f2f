// Configuración › Historial de cambios (/portal/configuracion/historial): the same ListSettingsChanges query and
// cursor as GET /v1/merchants/me/cambios. Both roles may read it.
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { FieldError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { encodeCursor, toHistoryRequest } from '../../../merchants/adapters/http/settings-history.dto.js';
import { ListSettingsChanges } from '../../../merchants/application/list-settings-changes/list-settings-changes.query.js';
import type { SettingsChangeCursor } from '../../../merchants/domain/settings-change.js';
import { authorsOf } from './authors.js';
import { sendPage } from './page.js';
import { isHttps } from './portal-http.js';
import { PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import { historyPage } from './views/history.views.js';

const PAGE_SIZE = 20;

@PortalController()
@Controller('portal/configuracion/historial')
export class HistoryController {
  private readonly https: boolean;

  constructor(
    private readonly queries: QueryBus,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get()
  async page(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply, @Query('cursor') cursor: unknown): Promise<string> {
    const session = sessionOf(request);
    let after: SettingsChangeCursor | null;
    try {
      ({ after } = toHistoryRequest({ cursor: typeof cursor === 'string' && cursor !== '' ? cursor : undefined }));
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      const problem = 'Ese enlace de página ya no sirve: vuelve a los cambios más recientes.';
      return sendPage(reply, this.https, 400, historyPage(session, { entries: [], authors: { people: {}, keys: {} }, next: null, paged: true, problem }));
    }
    const page = await this.queries.execute(new ListSettingsChanges(session.principal.merchantId, after, PAGE_SIZE));
    const authors = await authorsOf(this.queries, session.principal.merchantId, page.data.map((entry) => entry.change.actor));
    const next = page.next ? encodeCursor(page.next) : null;
    return sendPage(reply, this.https, 200, historyPage(session, { entries: page.data, authors, next, paged: after !== null }));
  }
}
