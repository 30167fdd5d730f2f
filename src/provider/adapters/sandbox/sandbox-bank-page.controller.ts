// The sandbox bank's page (browser, sandbox origin): the buyer authorises or rejects the PSE debit, then goes back
// to the gateway's page the debit was started with. No parameters are added to that address.
import { Body, Controller, Get, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../../../kernel/errors.js';
import { bankByCode } from './banks.js';
import { bankPage } from './pages/bank-page.js';
import { originOf, sendPage } from './pages/page.js';
import { SandboxLedger } from './sandbox-ledger.js';
import { SandboxPageErrorFilter } from './sandbox-page-error.filter.js';
import { SandboxPayments } from './sandbox-payments.js';

@ApiExcludeController()
@Controller('pse')
@UseFilters(SandboxPageErrorFilter)
export class SandboxBankPageController {
  constructor(
    private readonly ledger: SandboxLedger,
    private readonly payments: SandboxPayments,
  ) {}

  @Get(':attemptId')
  async show(@Param('attemptId') attemptId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const attempt = await this.ledger.attempt(attemptId);
    const session = attempt ? await this.ledger.session(attempt.session_id) : null;
    const bank = bankByCode(attempt?.banco ?? '');
    if (!attempt || !session || !bank) throw new DomainError('not_found', 'no_encontrado', 'La transacción no existe');
    return sendPage(reply, 200, bankPage(bank, session, attempt), {
      title: `${bank.nombre}: pago PSE`,
      formTargets: originOf(attempt.url_retorno),
    });
  }

  @Post(':attemptId')
  async answer(@Param('attemptId') attemptId: string, @Body() body: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const decision = body.decision === 'rechazar' ? 'rechazar' : 'aprobar';
    const attempt = await this.payments.answerBankPage(attemptId, decision);
    // Back to the page the gateway gave, exactly as given.
    await reply.status(303).header('cache-control', 'no-store').header('location', attempt.url_retorno ?? '/').send();
  }
}
