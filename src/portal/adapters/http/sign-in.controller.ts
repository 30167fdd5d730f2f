// Sign-in, sign-out and the portal's front door (/portal).
import { Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { AuthenticateSession } from '../../application/authenticate-session/authenticate-session.query.js';
import { EndSessions } from '../../application/end-sessions/end-sessions.command.js';
import { SignIn } from '../../application/sign-in/sign-in.command.js';
import { PortalCookies } from './cookies.js';
import { formFields } from './form-body.js';
import { sendPage, seeOther } from './page.js';
import { clientOf, isHttps, safeReturn } from './portal-http.js';
import { Anonymous, AnyRole, PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import { signInPage } from './views/auth.views.js';
import { ownEntry } from '../../../kernel/own-entry.js';

const NOTICES: Record<string, string> = {
  salida: 'Cerraste tu sesión.',
  vencida: 'Tu sesión terminó. Ingresa de nuevo para continuar.',
  sin_acceso: 'Ya no tienes acceso a ese comercio, así que no se guardó nada. Si crees que es un error, pide a un administrador que te invite de nuevo.',
};

/** "4 minutos", "30 segundos": the wait before the next attempt. */
function wait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

@PortalController()
@Controller('portal')
export class SignInController {
  private readonly https: boolean;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly cookies: PortalCookies,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get()
  @Anonymous()
  async frontDoor(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = await this.queries.execute(new AuthenticateSession(this.cookies.session(request)));
    seeOther(reply, this.https, session ? '/portal/resumen' : '/portal/ingresar');
  }

  @Get('ingresar')
  @Anonymous()
  async form(
    @Req() request: PortalRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('volver') volver: string | undefined,
    @Query('aviso') aviso: string | undefined,
  ): Promise<string | undefined> {
    const token = this.cookies.session(request);
    if (token && (await this.queries.execute(new AuthenticateSession(token)))) {
      seeOther(reply, this.https, safeReturn(volver));
      return undefined;
    }
    const text = ownEntry(NOTICES, aviso);
    const notice = text ? { kind: 'info' as const, text } : undefined;
    const csrf = this.cookies.formToken(request, reply);
    return sendPage(reply, this.https, 200, signInPage({ csrf, volver: volver ? safeReturn(volver) : undefined, notice }));
  }

  @Post('ingresar')
  @Anonymous()
  async signIn(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const { email, password, comercio, volver } = formFields(request.body, ['email', 'password', 'comercio', 'volver']);
    const csrf = this.cookies.formToken(request, reply);
    const back = volver ? safeReturn(volver) : undefined;
    const result = await this.commands.execute(new SignIn(email, password, comercio || undefined, clientOf(request)));
    switch (result.kind) {
      case 'signed-in': {
        // Signing in over another open session (someone else's, on a shared computer) closes that one.
        const previous = await this.queries.execute(new AuthenticateSession(this.cookies.session(request)));
        if (previous) await this.commands.execute(new EndSessions(previous.principal.actor.id, { ids: [previous.sessionId] }));
        this.cookies.setSession(reply, result.session.token);
        seeOther(reply, this.https, safeReturn(volver));
        return undefined;
      }
      case 'choose-merchant':
        return sendPage(reply, this.https, 200, signInPage({ csrf, email, volver: back, merchants: result.merchants }));
      case 'wrong':
        return sendPage(
          reply,
          this.https,
          401,
          signInPage({ csrf, email, volver: back, notice: { kind: 'bad', text: 'El correo o la contraseña no coinciden. Revísalos e intenta de nuevo.' } }),
        );
      case 'throttled':
        void reply.header('retry-after', String(result.retryAfterSeconds));
        return sendPage(
          reply,
          this.https,
          429,
          signInPage({
            csrf,
            email,
            volver: back,
            notice: { kind: 'bad', text: `Demasiados intentos fallidos. Por seguridad, espera ${wait(result.retryAfterSeconds)} antes de intentar de nuevo.` },
          }),
        );
      default: {
        const unknown: never = result;
        throw new Error(`Unhandled sign-in result ${JSON.stringify(unknown)}`);
      }
    }
  }

  @Post('salir')
  @AnyRole()
  async signOut(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    await this.commands.execute(new EndSessions(session.principal.actor.id, { ids: [session.sessionId] }));
    this.cookies.clearSession(reply);
    seeOther(reply, this.https, '/portal/ingresar?aviso=salida');
  }
}
