// The sandbox pages' stylesheet and the card frame's script, from the sandbox's own origin.
import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { FRAME_JS } from './pages/page.js';
import { SANDBOX_CSS } from './pages/sandbox.css.js';

@ApiExcludeController()
@Controller('assets')
export class SandboxAssetsController {
  @Get('sandbox.css')
  css(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return SANDBOX_CSS;
  }

  @Get('marco.js')
  frameScript(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return FRAME_JS;
  }
}
