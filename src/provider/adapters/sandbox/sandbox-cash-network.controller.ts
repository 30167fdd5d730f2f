// The cash network paying a voucher, played by the sandbox: a cashier's page (browser) and the same act as JSON
// for scripts. Either way the sandbox notifies the gateway, signed, as for any payment.
import { Body, Controller, Get, HttpCode, Post, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../../../kernel/errors.js';
import { cashNetworkPage } from './pages/cash-network-page.js';
import { sendPage } from './pages/page.js';
import { SandboxAuthGuard } from './sandbox-auth.guard.js';
import { SandboxPageErrorFilter } from './sandbox-page-error.filter.js';
import { SandboxPayments } from './sandbox-payments.js';

export class PayVoucherBody {
  @IsString() @Matches(/^\d{6,20}$/, { message: 'referencia must be the voucher reference (digits)' })
  referencia!: string;

  @IsOptional() @IsInt() @Min(1)
  monto?: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

@ApiExcludeController()
@Controller()
export class SandboxCashNetworkController {
  constructor(private readonly payments: SandboxPayments) {}

  @Get('red-efectivo')
  @UseFilters(SandboxPageErrorFilter)
  counter(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendPage(reply, 200, cashNetworkPage(), { title: 'Red de pagos en efectivo' });
  }

  @Post('red-efectivo')
  @UseFilters(SandboxPageErrorFilter)
  async pay(@Body() body: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    // As the buyer copied it from the voucher: with spaces, or its digits grouped ("766 405 4034", "766-405-4034").
    const referencia = text(body.referencia).replace(/[\s.-]/g, '');
    const typed = text(body.monto).trim();
    // Left empty, the cashier takes the voucher's amount; anything else must be the peso figure, with a $ and
    // thousands dots if they like: dots only between groups of three ("15.0000" or "1.500.00" is not a sum to guess at).
    if (typed !== '' && !/^(\$\s*)?(\d+|\d{1,3}(\.\d{3})+)$/.test(typed)) {
      return sendPage(reply, 400, cashNetworkPage({ ok: false, message: 'El valor recibido va en pesos, solo números (por ejemplo 150000).' }, referencia), {
        title: 'Pago no recibido',
      });
    }
    const monto = typed === '' ? null : Number(typed.replace(/[$.\s]/g, ''));
    try {
      await this.payments.payVoucher(referencia, monto);
      return sendPage(reply, 200, cashNetworkPage({ ok: true, message: `Pago recibido para la referencia ${referencia}.` }), {
        title: 'Pago recibido',
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = error.kind === 'not_found' ? 404 : error.kind === 'invalid' ? 400 : 409;
      return sendPage(reply, status, cashNetworkPage({ ok: false, message: error.message }, referencia), { title: 'Pago no recibido' });
    }
  }

  @Post('api/red-efectivo/pagos')
  @UseGuards(SandboxAuthGuard)
  @HttpCode(200)
  async payByApi(@Body() body: PayVoucherBody): Promise<{ referencia: string; estado: 'pagado' }> {
    await this.payments.payVoucher(body.referencia, body.monto ?? null);
    return { referencia: body.referencia, estado: 'pagado' };
  }
}
