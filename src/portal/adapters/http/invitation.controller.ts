// Accepting an invitation (/portal/invitacion/{token}): the person chooses a password, becomes `activa` and is
// signed in. The link is the only credential here, so the page is no-store and sends no referrer (page.ts).
import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { AcceptInvitation, ViewInvitation } from '../../../merchants/application/people/person-access.commands.js';
import { InvitationExpired, InvitationNotValid, WeakPassword } from '../../../merchants/domain/password.js';
import { StartSession } from '../../application/start-session/start-session.command.js';
import { PortalCookies } from './cookies.js';
import { formFields } from './form-body.js';
import { sendPage, seeOther } from './page.js';
import { clientOf, isHttps } from './portal-http.js';
import { Anonymous, PortalController, type PortalRequest } from './portal.guard.js';
import { invitationGonePage, invitationPage, PASSWORD_MESSAGES } from './views/auth.views.js';
import type { FieldErrors } from './views/forms.js';
import { signInWithUsedLink, usedBySignedInPerson } from './used-link.js';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where an accepted invitation leads. */
const WELCOME = '/portal/resumen?hecho=bienvenida';

/** Where the used link leads the person it was for, signed in: the Resumen, without the welcome said again. */
const SIGNED_IN = '/portal/resumen';

@PortalController()
@Controller('portal/invitacion')
export class InvitationController {
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
    // Back after accepting: the person the link was for is signed in here, so their Resumen, not "no sirve".
    if (TOKEN.test(token) && (await usedBySignedInPerson(this.queries, this.cookies.session(request), token, 'invitacion'))) {
      seeOther(reply, this.https, SIGNED_IN);
      return undefined;
    }
    const errors: FieldErrors = {};
    return this.render(token, request, reply, errors, 200);
  }

  @Post(':token')
  @Anonymous()
  async accept(@Param('token') token: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const { password, confirmacion } = formFields(request.body, ['password', 'confirmacion']);
    if (password !== confirmacion) return this.render(token, request, reply, { confirmacion: PASSWORD_MESSAGES.mismatch }, 400);
    try {
      const access = await this.commands.execute(new AcceptInvitation(token, password));
      const session = await this.commands.execute(new StartSession(access.person.id, clientOf(request)));
      this.cookies.setSession(reply, session.token);
      seeOther(reply, this.https, WELCOME);
      return undefined;
    } catch (error) {
      if (error instanceof WeakPassword) return this.render(token, request, reply, { password: PASSWORD_MESSAGES[error.problem] }, 400);
      if (error instanceof InvitationExpired) return sendPage(reply, this.https, 410, invitationGonePage(true));
      if (error instanceof InvitationNotValid) {
        // Used a moment ago, most often by this very form's first post (a double click): the password it set signs in
        // (ending no session: which answer the browser kept is unknown, used-link.ts).
        const repeat = await signInWithUsedLink(this.commands, this.queries, token, 'invitacion', password, clientOf(request));
        if (!repeat) return sendPage(reply, this.https, 404, invitationGonePage(false));
        this.cookies.setSession(reply, repeat.token);
        seeOther(reply, this.https, WELCOME);
        return undefined;
      }
      throw error;
    }
  }

  private async render(token: string, request: PortalRequest, reply: FastifyReply, errors: FieldErrors, status: number): Promise<string> {
    const invitation = TOKEN.test(token) ? await this.queries.execute(new ViewInvitation(token)) : null;
    if (!invitation) return sendPage(reply, this.https, 404, invitationGonePage(false));
    if (invitation.expired) return sendPage(reply, this.https, 410, invitationGonePage(true));
    const { person } = invitation;
    return sendPage(
      reply,
      this.https,
      status,
      invitationPage({
        csrf: this.cookies.formToken(request, reply),
        token,
        nombre: person.nombre,
        email: person.email,
        merchantNombre: invitation.merchantNombre,
        rol: person.rol,
        errors,
      }),
    );
  }
}
