// Choosing a new password with a reset link (/portal/restablecer/{token}), issued by an administrator or the operator:
// the password is replaced, every session of the person ends, and this browser is signed in afresh. Built like the
// invitation page (invitation.controller.ts): the link is the only credential, the page is no-store and
// sends no referrer to other sites.
import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { ResetPassword, ViewPasswordReset } from '../../../merchants/application/people/person-access.commands.js';
import { ResetLinkExpired, ResetLinkNotValid, WeakPassword } from '../../../merchants/domain/password.js';
import { EndSessions } from '../../application/end-sessions/end-sessions.command.js';
import { StartSession } from '../../application/start-session/start-session.command.js';
import { PortalCookies } from './cookies.js';
import { formFields } from './form-body.js';
import { sendPage, seeOther } from './page.js';
import { clientOf, isHttps } from './portal-http.js';
import { Anonymous, PortalController, type PortalRequest } from './portal.guard.js';
import { PASSWORD_MESSAGES, passwordResetGonePage, passwordResetPage } from './views/auth.views.js';
import type { FieldErrors } from './views/forms.js';
import { signInWithUsedLink, usedBySignedInPerson } from './used-link.js';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where a reset ends, signed in: the Resumen, saying the new password was saved. */
const DONE = '/portal/resumen?hecho=contrasena';

@PortalController()
@Controller('portal/restablecer')
export class PasswordResetController {
  private readonly https: boolean;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly cookies: PortalCookies,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get(':token')
  @Anonymous()
  async form(@Param('token') token: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    // Back after the reset: the person the link was for is signed in here, so their Resumen, not "ya no sirve".
    if (TOKEN.test(token) && (await usedBySignedInPerson(this.queries, this.cookies.session(request), token, 'restablecimiento'))) {
      seeOther(reply, this.https, '/portal/resumen');
      return undefined;
    }
    return this.render(token, request, reply, {}, 200);
  }

  @Post(':token')
  @Anonymous()
  async reset(@Param('token') token: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const { password, confirmacion } = formFields(request.body, ['password', 'confirmacion']);
    if (password !== confirmacion) return this.render(token, request, reply, { confirmacion: PASSWORD_MESSAGES.mismatch }, 400);
    try {
      const access = TOKEN.test(token) ? await this.commands.execute(new ResetPassword(token, password)) : null;
      if (!access) return sendPage(reply, this.https, 404, passwordResetGonePage(false));
      // Whoever knew the old password (or holds an old session cookie) is out from here on.
      await this.commands.execute(new EndSessions(access.person.id, { all: true }));
      const session = await this.commands.execute(new StartSession(access.person.id, clientOf(request)));
      this.cookies.setSession(reply, session.token);
      seeOther(reply, this.https, DONE);
      return undefined;
    } catch (error) {
      if (error instanceof WeakPassword) return this.render(token, request, reply, { password: PASSWORD_MESSAGES[error.problem] }, 400);
      if (error instanceof ResetLinkExpired) return sendPage(reply, this.https, 410, passwordResetGonePage(true));
      if (error instanceof ResetLinkNotValid) {
        // Used a moment ago, most often by this very form's first post (a double click): the password it set signs in
        // (ending no session: which answer the browser kept is unknown, used-link.ts).
        const repeat = await signInWithUsedLink(this.commands, this.queries, token, 'restablecimiento', password, clientOf(request));
        if (!repeat) return sendPage(reply, this.https, 404, passwordResetGonePage(false));
        this.cookies.setSession(reply, repeat.token);
        seeOther(reply, this.https, DONE);
        return undefined;
      }
      throw error;
    }
  }

  private async render(token: string, request: PortalRequest, reply: FastifyReply, errors: FieldErrors, status: number): Promise<string> {
    const link = TOKEN.test(token) ? await this.queries.execute(new ViewPasswordReset(token)) : null;
    if (!link) return sendPage(reply, this.https, 404, passwordResetGonePage(false));
    if (link.expired) return sendPage(reply, this.https, 410, passwordResetGonePage(true));
    const { person } = link;
    return sendPage(
      reply,
      this.https,
      status,
      passwordResetPage({ csrf: this.cookies.formToken(request, reply), token, nombre: person.nombre, email: person.email, merchantNombre: link.merchantNombre, errors }),
    );
  }
}
