// The sandbox processor's payment API, for the service only (bearer PROVIDER_SECRET): banks, PSE debits, card
// forms and card payments, cash vouchers, a session's status, and the operator's scripted decision.
import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { DomainError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { isUuid } from '../../../kernel/uuid.js';
import { bankByCode, SANDBOX_BANK_LIST } from './banks.js';
import { SandboxAuthGuard } from './sandbox-auth.guard.js';
import { SandboxBehaviourInterceptor } from './sandbox-behaviour.js';
import { SandboxLedger, type AttemptRow } from './sandbox-ledger.js';
import { CASH_NETWORKS, SandboxPayments } from './sandbox-payments.js';

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

export class PayerBody {
  @IsString() @MinLength(1) @MaxLength(120) nombre!: string;
  @IsEmail() email!: string;
  @IsOptional() @IsString() @MaxLength(20) telefono!: string | null;
  @IsIn(['natural', 'juridica']) tipoPersona!: string;
  @IsIn(['CC', 'CE', 'NIT', 'PP', 'TI', 'RC', 'DE', 'PPT']) tipoDocumento!: string;
  @IsString() @MinLength(3) @MaxLength(20) numeroDocumento!: string;
}

export class StartPseBody {
  @ValidateNested() @Type(() => PayerBody) pagador!: PayerBody;
  @Matches(/^\d{4}$/) banco!: string;
  @IsUrl(URL_OPTIONS) urlRetorno!: string;
  @IsOptional() @IsBoolean() propio?: boolean;
}

export class CardFormBody {
  @IsUrl(URL_OPTIONS) urlConfirmacion!: string;
}

export class CardPaymentBody {
  @IsString() @MaxLength(100) token!: string;
  // The range is the card's rule (checkInstallments), answered as `cuotas_invalidas` like the other card refusals.
  @IsOptional() @IsInt() cuotas?: number | null;
}

export class DecisionBody {
  @IsIn(['aprobado', 'fallido'], { message: 'resultado must be aprobado or fallido' }) resultado!: 'aprobado' | 'fallido';
}

export interface AttemptAnswer {
  metodo: AttemptRow['metodo'];
  estado: AttemptRow['estado'];
  urlBanco: string | null;
  banco: string | null;
  propio: boolean;
}

export interface VoucherAnswer {
  referencia: string;
  convenio: string;
  redes: string[];
  monto: number;
  venceEn: string;
}

@ApiExcludeController()
@Controller('api')
@UseGuards(SandboxAuthGuard)
export class SandboxPaymentsApiController {
  constructor(
    private readonly ledger: SandboxLedger,
    private readonly payments: SandboxPayments,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('bancos')
  @UseInterceptors(SandboxBehaviourInterceptor)
  banks(): Array<{ codigo: string; nombre: string }> {
    return SANDBOX_BANK_LIST.map(({ codigo, nombre }) => ({ codigo, nombre }));
  }

  @Get('sesiones/:id')
  @UseInterceptors(SandboxBehaviourInterceptor)
  async status(@Param('id') id: string): Promise<{ sesion: string; intento: AttemptAnswer | null }> {
    if (!(await this.ledger.session(id))) throw new DomainError('not_found', 'no_encontrado', 'La sesión no existe');
    const attempt = await this.ledger.latestAttempt(id);
    return { sesion: id, intento: attempt ? this.answer(attempt) : null };
  }

  @Post('sesiones/:id/pse')
  @UseInterceptors(SandboxBehaviourInterceptor)
  @HttpCode(200)
  async startPse(@Param('id') id: string, @Body() body: StartPseBody): Promise<{ urlBanco: string }> {
    const { nombre, email, tipoPersona, tipoDocumento, numeroDocumento } = body.pagador;
    const attempt = await this.payments.startPse(id, {
      pagador: { nombre, email, telefono: body.pagador.telefono ?? null, tipoPersona, tipoDocumento, numeroDocumento },
      banco: body.banco,
      urlRetorno: body.urlRetorno,
      propio: body.propio ?? false,
    });
    return { urlBanco: this.payments.bankPageUrl(attempt.id) };
  }

  @Post('sesiones/:id/formularios-tarjeta')
  @UseInterceptors(SandboxBehaviourInterceptor)
  @HttpCode(200)
  async cardForm(@Param('id') id: string, @Body() body: CardFormBody): Promise<{ urlFormulario: string }> {
    const latest = (await this.ledger.session(id)) ? await this.ledger.latestAttempt(id) : undefined;
    if (latest === undefined) throw new DomainError('not_found', 'no_encontrado', 'La sesión no existe');
    if (latest?.estado === 'aprobado' || latest?.estado === 'rechazado') {
      throw new DomainError('conflict', 'sesion_finalizada', 'Este pago ya fue decidido');
    }
    const formId = await this.ledger.recordCardForm(id, body.urlConfirmacion, this.clock.now());
    return { urlFormulario: `${this.config.sandboxPublicUrl}/tarjeta/${formId}` };
  }

  @Post('sesiones/:id/tarjeta')
  @UseInterceptors(SandboxBehaviourInterceptor)
  @HttpCode(200)
  async payByCard(@Param('id') id: string, @Body() body: CardPaymentBody): Promise<{ estado: AttemptRow['estado'] }> {
    const attempt = await this.payments.payByCard(id, body.token, body.cuotas ?? null);
    return { estado: attempt.estado };
  }

  @Post('sesiones/:id/efectivo')
  @UseInterceptors(SandboxBehaviourInterceptor)
  @HttpCode(200)
  async voucher(@Param('id') id: string): Promise<VoucherAnswer> {
    const attempt = await this.payments.issueVoucher(id);
    const session = await this.ledger.session(id);
    if (!attempt.referencia_efectivo || !attempt.vence_en || !session) throw new Error('sandbox voucher incomplete');
    return {
      referencia: attempt.referencia_efectivo,
      convenio: attempt.convenio ?? '',
      redes: CASH_NETWORKS,
      monto: Number(session.monto),
      venceEn: attempt.vence_en.toISOString(),
    };
  }

  @Post('pagos/:chargeId/resultado')
  @HttpCode(202)
  async decide(@Param('chargeId') chargeId: string, @Body() body: DecisionBody): Promise<{ estado: AttemptRow['estado'] }> {
    if (!isUuid(chargeId)) {
      throw new DomainError('not_found', 'no_encontrado', 'El pago no existe');
    }
    const attempt = await this.payments.decideForOperator(chargeId, body.resultado);
    return { estado: attempt.estado };
  }

  private answer(attempt: AttemptRow): AttemptAnswer {
    const open = attempt.metodo === 'pse' && attempt.estado === 'iniciado';
    return {
      metodo: attempt.metodo,
      estado: attempt.estado,
      urlBanco: open ? this.payments.bankPageUrl(attempt.id) : null,
      banco: attempt.banco ? (bankByCode(attempt.banco)?.nombre ?? null) : null,
      propio: attempt.propio,
    };
  }
}
