// The service's side of the sandbox provider: the PaymentProvider port over the sandbox's HTTP API. Its refusals
// become ProviderRefused with our own reason codes; a time-out or a 5xx, ProviderUnavailable (outcome unknown).
import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import {
  ProviderRefused,
  type AttemptStatus,
  type Bank,
  type BrowserOrigins,
  type CardFormRequest,
  type CardPaymentRequest,
  type IssuedCashVoucher,
  type OpenSessionRequest,
  type PaymentProvider,
  type PaymentSession,
  type ProviderRefund,
  type RefundRequest,
  type SessionStatus,
  type StartPseRequest,
} from '../../../payments/application/ports/provider.port.js';
import { ProviderRejected, providerRequest } from '../provider-http.js';
import type { AttemptAnswer, VoucherAnswer } from './sandbox-payments-api.controller.js';

/** The sandbox's refusal codes, in our words (the checkout words its messages from these). */
const REASONS: Record<string, string> = {
  sesion_finalizada: 'payment_final',
  pago_en_proceso: 'payment_in_progress',
  token_invalido: 'invalid_card_token',
  token_usado: 'invalid_card_token',
  cuotas_invalidas: 'invalid_installments',
  banco_desconocido: 'unknown_bank',
  no_encontrado: 'session_not_found',
  no_aprobado: 'payment_not_approved',
  monto_distinto: 'amount_mismatch',
};

const STATUS: Record<AttemptAnswer['estado'], AttemptStatus> = {
  iniciado: 'started',
  procesando: 'processing',
  aprobado: 'approved',
  rechazado: 'declined',
  cancelado: 'cancelled',
};

function refusal(error: ProviderRejected): ProviderRefused {
  let code = '';
  let message = `The provider refused the request (${error.status})`;
  try {
    const body = JSON.parse(error.body) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: keep the status
  }
  return new ProviderRefused(REASONS[code] ?? 'refused', message);
}

@Injectable()
export class SandboxProvider implements PaymentProvider {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  openSession(request: OpenSessionRequest): Promise<PaymentSession> {
    return this.call<PaymentSession>('POST', '/api/sesiones', request);
  }

  async listBanks(): Promise<Bank[]> {
    const banks = await this.call<Bank[]>('GET', '/api/bancos');
    // PSE lists open with a "select your bank" placeholder (code 0): not a bank.
    return banks.filter((bank) => /^\d{4}$/.test(bank.codigo)).map(({ codigo, nombre }) => ({ codigo, nombre }));
  }

  async startPse(request: StartPseRequest): Promise<{ redirectUrl: string }> {
    const { banco, ...pagador } = request.payer;
    const answer = await this.call<{ urlBanco: string }>('POST', `/api/sesiones/${this.id(request.sessionId)}/pse`, {
      pagador,
      banco,
      urlRetorno: request.returnUrl,
      propio: request.ownCheckout,
    });
    return { redirectUrl: answer.urlBanco };
  }

  async openCardForm(request: CardFormRequest): Promise<{ frameUrl: string }> {
    const answer = await this.call<{ urlFormulario: string }>('POST', `/api/sesiones/${this.id(request.sessionId)}/formularios-tarjeta`, {
      urlConfirmacion: request.confirmUrl,
    });
    return { frameUrl: answer.urlFormulario };
  }

  async payByCard(request: CardPaymentRequest): Promise<{ status: AttemptStatus }> {
    const answer = await this.call<{ estado: AttemptAnswer['estado'] }>('POST', `/api/sesiones/${this.id(request.sessionId)}/tarjeta`, {
      token: request.cardToken,
      cuotas: request.installments,
    });
    return { status: STATUS[answer.estado] };
  }

  async issueCashVoucher(sessionId: string): Promise<IssuedCashVoucher> {
    const answer = await this.call<VoucherAnswer>('POST', `/api/sesiones/${this.id(sessionId)}/efectivo`);
    return { reference: answer.referencia, agreementCode: answer.convenio, networks: answer.redes, expiresAt: answer.venceEn };
  }

  async sessionStatus(sessionId: string): Promise<SessionStatus> {
    const answer = await this.call<{ intento: AttemptAnswer | null }>('GET', `/api/sesiones/${this.id(sessionId)}`);
    const attempt = answer.intento;
    if (!attempt) return { attempt: null };
    return {
      attempt: {
        method: attempt.metodo,
        status: STATUS[attempt.estado],
        redirectUrl: attempt.urlBanco,
        bankName: attempt.banco,
        ownCheckout: attempt.propio,
      },
    };
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const answer = await this.call<{ id: string }>('POST', `/api/sesiones/${this.id(request.sessionId)}/reembolso`, { monto: request.monto });
    return { refundId: answer.id };
  }

  async settlementReport(valueDate: string): Promise<string> {
    return (await this.call<{ reporte: string }>('GET', `/api/liquidaciones/${encodeURIComponent(valueDate)}`)).reporte;
  }

  browserOrigins(): BrowserOrigins {
    const origin = new URL(this.config.sandboxPublicUrl).origin;
    return { frames: [origin], redirects: [origin] };
  }

  private id(sessionId: string): string {
    return encodeURIComponent(sessionId);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    try {
      return await providerRequest<T>(method, `${this.config.providerUrl}${path}`, {
        secret: this.config.providerSecret,
        body,
        timeoutMs: this.config.providerTimeoutMs,
      });
    } catch (error) {
      if (error instanceof ProviderRejected) throw refusal(error);
      throw error;
    }
  }
}
