// Any other path under /portal answers the portal's 404 page rather than the API's JSON. Fastify's router prefers
// every static and parametric route to this wildcard, so it only sees paths nothing else takes; a path that another
// method takes is answered 405 before it (kernel/http/framework-errors.ts). No anti-forgery check here: a post to a
// made-up path is a 404 like a get, not "the form expired".
import { All, Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../../kernel/errors.js';
import { PortalController, Unrouted } from './portal.guard.js';

@PortalController()
@Controller('portal')
export class PortalNotFoundController {
  @All('*')
  @Unrouted()
  notFound(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): void {
    // "/portal/" typed by hand is the front door, not a missing page.
    if (request.method === 'GET' && request.url === '/portal/') {
      void reply.status(303).header('location', '/portal');
      return;
    }
    throw new NotFound('Page');
  }
}
