// Where the provider's server-to-server notices arrive (public listener, POST /provider/notices): the signature
// over the exact bytes received is checked first (t=..,v1=.. with PROVIDER_SECRET, 300 s tolerance), then the
// notice is applied; the same notice twice changes nothing.
import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { DomainError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import {
  ApplyProviderOutcomeCommand,
  type NoticeResult,
} from '../../../payments/application/apply-provider-outcome/apply-provider-outcome.command.js';
import { checkNoticeSignature, NOTICE_SIGNATURE_HEADER } from '../sandbox/notice-signature.js';
import { readSandboxNotice } from '../sandbox/sandbox-notice.js';

const REFUSALS = {
  malformed: 'The notice carries no signature the gateway can read',
  bad_signature: 'The notice signature does not match its body',
  stale: 'The notice timestamp is more than 300 seconds away from now',
};

@ApiExcludeController()
@Controller('provider/notices')
export class ProviderNoticesController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>, @Body() body: unknown): Promise<{ recibida: true; resultado: NoticeResult }> {
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      throw new DomainError('invalid', 'unsupported_media_type', 'A notice is JSON');
    }
    const header = request.headers[NOTICE_SIGNATURE_HEADER];
    const check = checkNoticeSignature(
      this.config.providerSecret,
      Array.isArray(header) ? header[0] : header,
      request.rawBody ?? Buffer.alloc(0),
      this.clock.now(),
    );
    if (check !== 'valid') throw new DomainError('invalid', 'invalid_notice_signature', REFUSALS[check]);
    const notice = readSandboxNotice(body);
    const resultado = await this.commands.execute(new ApplyProviderOutcomeCommand(notice, randomUUID()));
    return { recibida: true, resultado };
  }
}
