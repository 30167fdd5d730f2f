// Failures on the hosted page answer a page for the buyer, never the API's JSON: an unknown link is a 404 page,
// a provider or the database out of reach a 503 page (nothing was charged), a request the validation pipe refused (a NUL in a field
// or the query, a body that is not a form) a 400 page, anything else a 500 page with a reference, logged in one line with
// the method, the route's pattern (never the token) and that reference.
import { ArgumentsHost, Catch, Inject, Injectable, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { asDatabaseUnavailable } from '../../../kernel/database-outage.js';
import { DomainError, FieldError } from '../../../kernel/errors.js';
import { logUnexpected, pageRequestName } from '../../../kernel/http/error.filter.js';
import { html } from './views/html.js';
import { layout } from './views/layout.js';
import { notFoundScreen, unavailableScreen, unreadableScreen } from './views/screens.js';
import { NO_ORIGINS, sendPage } from './page-headers.js';

@Catch()
@Injectable()
export class CheckoutErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Checkout');
  /** As CheckoutScreens: the error pages make the padlock's claim only when PUBLIC_BASE_URL is https. */
  private readonly https: boolean;

  constructor(@Inject(CONFIG) config: Config) {
    this.https = config.publicBaseUrl.startsWith('https://');
  }

  catch(thrown: unknown, host: ArgumentsHost): void {
    const exception = asDatabaseUnavailable(thrown);
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (exception instanceof DomainError && exception.kind === 'not_found') {
      void reply.send(sendPage(reply, 404, layout(notFoundScreen(), { title: 'Enlace de pago no encontrado', summary: null, https: this.https }), NO_ORIGINS));
      return;
    }
    const self = /^\/checkout\/[^/?]+/.exec(request.url)?.[0] ?? '/';
    if (exception instanceof DomainError && exception.kind === 'unavailable') {
      void reply.send(sendPage(reply, 503, layout(unavailableScreen(self), { title: 'Sistema de pagos no disponible', summary: null, https: this.https }), NO_ORIGINS));
      return;
    }
    // The handlers catch their own field errors and show the form again; one that reaches here came from the pipe.
    if (exception instanceof FieldError) {
      void reply.send(sendPage(reply, 400, layout(unreadableScreen(self), { title: 'Datos no válidos', summary: null, https: this.https }), NO_ORIGINS));
      return;
    }
    // The path carries the checkout token: the log names the route's pattern, the page the same reference.
    const reference = logUnexpected(this.logger, thrown, pageRequestName(request));
    const body = html`<section class="result bad"><h1>Algo salió mal</h1><p>No se hizo ningún cobro. Intenta de nuevo en unos minutos.</p><p class="reference">Si el problema sigue, da a la tienda esta referencia del error: ${reference}</p></section>`;
    void reply.send(sendPage(reply, 500, layout(body, { title: 'Error', summary: null, https: this.https }), NO_ORIGINS));
  }
}
