// Failures on the sandbox's buyer pages (the card form, the bank page, the cash network's counter) answer the
// browser a plain Spanish page, as the gateway's buyer pages do: an unknown or malformed form or attempt is the 404
// page, a form the validation pipe refused (a NUL, a body that is not a form) the 400 page, anything else an error
// page. The status, its headers and the logging are the API's filter's; the sandbox's API (/api) keeps its JSON.
import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorFilter } from '../../../kernel/http/error.filter.js';
import { ERROR_PAGE, NOT_FOUND_PAGE, sendPage, UNREADABLE_PAGE } from '../../../kernel/http/plain-pages.js';

@Catch()
export class SandboxPageErrorFilter implements ExceptionFilter {
  private readonly api = new ErrorFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { body, headers } = this.api.translate(exception);
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    const status = body.statusCode;
    void sendPage(reply, status, status === 404 ? NOT_FOUND_PAGE : status === 400 ? UNREADABLE_PAGE : ERROR_PAGE);
  }
}
