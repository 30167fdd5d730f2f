// Failures on portal pages answer HTML (the API's JSON filter stays for /v1): no session -> to sign-in and back;
// access removed while posting -> to sign-in, saying so;
// read-only person writing -> 403 page; stale or foreign form -> 403 page; unknown -> 404; conflicts -> 409 with
// the reason; anything else -> 500 page with a reference, logged in one line with the method, the
// route's pattern (never a token) and that reference.
import { ArgumentsHost, Catch, HttpException, Inject, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { ActingPersonRemoved } from '../../../kernel/acting-person.js';
import { asDatabaseUnavailable } from '../../../kernel/database-outage.js';
import { DomainError } from '../../../kernel/errors.js';
import { logUnexpected, pageRequestName } from '../../../kernel/http/error.filter.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { PortalCookies } from './cookies.js';
import { formPageOf } from './portal-http.js';
import { sendPage, seeOther } from './page.js';
import type { PortalRequest } from './portal.guard.js';
import { FormForgeryRejected, SignInRequired } from './portal-errors.js';
import { CONFLICT_TEXT, errorPage, type ErrorPage } from './views/error.views.js';

const NOT_FOUND: ErrorPage = { title: 'No encontramos esa página', text: 'Puede que el enlace esté incompleto o que lo que buscas no sea de tu comercio.' };

@Catch()
export class PortalErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Portal');
  private readonly https: boolean;

  constructor(
    private readonly cookies: PortalCookies,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = config.publicBaseUrl.startsWith('https://');
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<PortalRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof SignInRequired) {
      const query = new URLSearchParams();
      if (exception.returnTo && exception.returnTo !== '/portal') query.set('volver', exception.returnTo);
      // "Tu sesión terminó" only when this browser had one (expired, closed elsewhere), not on a first visit to a link.
      if (this.cookies.session(request)) query.set('aviso', 'vencida');
      this.cookies.clearSession(reply);
      seeOther(reply, this.https, `/portal/ingresar${query.size ? `?${query}` : ''}`);
      void reply.send();
      return;
    }
    if (exception instanceof ActingPersonRemoved) {
      // Removed while this post was on its way: nothing was written, and the next click would lead to sign-in anyway.
      this.cookies.clearSession(reply);
      seeOther(reply, this.https, '/portal/ingresar?aviso=sin_acceso');
      void reply.send();
      return;
    }
    const [status, page] = this.pageFor(exception, request);
    void reply.send(sendPage(reply, this.https, status, errorPage(page, request.portal ?? null)));
  }

  private pageFor(thrown: unknown, request: PortalRequest): [number, ErrorPage] {
    const exception = asDatabaseUnavailable(thrown);
    if (exception instanceof FormForgeryRejected) {
      // The way forward is the form's page, fetched again with a fresh token (the default link when it is unknown).
      const form = formPageOf(request);
      return [
        403,
        {
          title: 'El formulario venció',
          text: 'Por seguridad no lo aplicamos: no se guardó nada. Vuelve a la página, revisa los datos y envíalo otra vez.',
          ...(form ? { link: { href: form, label: 'Volver al formulario' } } : {}),
        },
      ];
    }
    if (exception instanceof DomainError) {
      switch (exception.kind) {
        case 'forbidden':
          return [403, { title: 'Tu acceso es de solo lectura', text: 'Puedes consultar todo, pero no hacer cambios. Pide a un administrador de tu comercio que los haga.' }];
        case 'not_found':
          return [404, NOT_FOUND];
        case 'conflict':
          return [409, { title: 'No se pudo hacer ese cambio', text: CONFLICT_TEXT[exception.code] ?? 'Lo que pediste choca con el estado actual. Recarga la página y revisa.' }];
        case 'invalid':
          return [400, { title: 'Revisa lo que enviaste', text: 'Algún dato no es válido. Vuelve atrás y corrígelo.' }];
        case 'unavailable':
        case 'rate_limited':
          return [503, { title: 'Servicio no disponible', text: 'No pudimos completar la operación. Intenta de nuevo en unos minutos.' }];
        default:
          break;
      }
    }
    const status = exception instanceof HttpException ? exception.getStatus() : statusOf(exception);
    if (status === 404) return [404, NOT_FOUND];
    if (status === 413) return [413, { title: 'Lo que enviaste es demasiado grande', text: 'Vuelve atrás y envía menos datos.' }];
    if (status !== undefined && status >= 400 && status < 500) {
      return [400, { title: 'Revisa lo que enviaste', text: 'No pudimos leer el formulario. Vuelve a la página y envíalo otra vez.' }];
    }
    // Invitation and reset paths carry their token: the log names the route's pattern, the page the same reference.
    const reference = logUnexpected(this.logger, exception, pageRequestName(request));
    return [500, { title: 'Algo salió mal', text: 'No pudimos mostrar esta página. Intenta de nuevo en unos minutos; si sigue pasando, escríbenos con la referencia del error.', reference }];
  }
}

/** Fastify's own errors (body too large, unreadable body) carry a statusCode. */
function statusOf(exception: unknown): number | undefined {
  if (typeof exception === 'object' && exception !== null && 'statusCode' in exception) {
    const code = (exception as { statusCode: unknown }).statusCode;
    return typeof code === 'number' ? code : undefined;
  }
  return undefined;
}
