// The person's own sessions (/portal/sesiones): list, close one, close all the others. Anyone may, read-only too.
import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { isUuid } from '../../../kernel/uuid.js';
import { EndSessions } from '../../application/end-sessions/end-sessions.command.js';
import { ListSessions } from '../../application/list-sessions/list-sessions.query.js';
import { sendPage, seeOther } from './page.js';
import { isHttps } from './portal-http.js';
import { AnyRole, PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import { sessionsPage } from './views/sessions.views.js';
import { ownEntry } from '../../../kernel/own-entry.js';

const DONE: Record<string, string> = {
  una: 'Cerraste esa sesión.',
  ninguna: 'Esa sesión ya estaba cerrada.',
  otras: 'Cerraste todas tus otras sesiones.',
};

@PortalController()
@Controller('portal/sesiones')
export class SessionsController {
  private readonly https: boolean;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get()
  async list(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply, @Query('hecho') hecho: string | undefined): Promise<string> {
    const session = sessionOf(request);
    const sessions = await this.queries.execute(new ListSessions(session.principal.actor.id));
    return sendPage(
      reply,
      this.https,
      200,
      sessionsPage(session, sessions, {
        idleMinutes: this.config.portalSessionIdleMinutes,
        maxHours: this.config.portalSessionMaxHours,
        done: ownEntry(DONE, hecho),
      }),
    );
  }

  @Post(':id/cerrar')
  @AnyRole()
  async closeOne(@Param('id') id: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    // Only the person's own open sessions can be named: another's id, or one closed already (a second click), closes
    // nothing, and the page says so rather than "Cerraste esa sesión".
    const closed = isUuid(id) ? await this.commands.execute(new EndSessions(session.principal.actor.id, { ids: [id] })) : 0;
    seeOther(reply, this.https, `/portal/sesiones?hecho=${closed > 0 ? 'una' : 'ninguna'}`);
  }

  @Post('cerrar-otras')
  @AnyRole()
  async closeOthers(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    await this.commands.execute(new EndSessions(session.principal.actor.id, { allBut: session.sessionId }));
    seeOther(reply, this.https, '/portal/sesiones?hecho=otras');
  }
}
