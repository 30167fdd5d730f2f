// The portal's stylesheet: public, cacheable, and the only thing the CSP lets pages load.
import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PORTAL_CSS } from './views/portal.css.js';

@ApiExcludeController()
@Controller('portal/assets')
export class PortalAssetsController {
  @Get('portal.css')
  css(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff');
    return PORTAL_CSS;
  }
}
