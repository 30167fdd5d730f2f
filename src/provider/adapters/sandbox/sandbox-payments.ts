// What the sandbox processor does with a session's payments: PSE debits decided on the bank's page, card payments
// decided by the test card, cash vouchers paid at the network. Each decision is notified to the gateway, signed.
// A session has at most one payment under way and is decided once (unique indexes back both rules).
import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { DomainError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { bankByCode } from './banks.js';
import { checkInstallments, declineReason, type CardBehaviour } from './cards.js';
import { SandboxLedger, type AttemptRow, type PayerData, type SessionRow } from './sandbox-ledger.js';
import { SandboxNotifier } from './sandbox-notifier.js';

export const CASH_AGREEMENT_CODE = '110342';
export const CASH_NETWORKS = ['Efecty', 'Baloto', 'SuRed', 'Gana'];

const refused = (code: string, message: string): DomainError => new DomainError('conflict', code, message);
const invalid = (code: string, message: string): DomainError => new DomainError('invalid', code, message);
const missing = (what: string): DomainError => new DomainError('not_found', 'no_encontrado', `${what} no existe`);

const isOpen = (attempt: AttemptRow): boolean => attempt.estado === 'iniciado' || attempt.estado === 'procesando';
const isDecided = (attempt: AttemptRow | null): boolean =>
  attempt !== null && (attempt.estado === 'aprobado' || attempt.estado === 'rechazado');

const PAYER_FIELDS: ReadonlyArray<keyof PayerData> = ['nombre', 'email', 'telefono', 'tipoPersona', 'tipoDocumento', 'numeroDocumento'];
// Field by field: jsonb gives the stored object back with its keys in its own order.
const samePayer = (stored: PayerData | null, given: PayerData): boolean =>
  stored !== null && PAYER_FIELDS.every((field) => (stored[field] ?? null) === (given[field] ?? null));

export interface PseStart {
  pagador: PayerData;
  banco: string;
  urlRetorno: string;
  propio: boolean;
}

@Injectable()
export class SandboxPayments {
  constructor(
    private readonly ledger: SandboxLedger,
    private readonly notifier: SandboxNotifier,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  bankPageUrl(attemptId: string): string {
    return `${this.config.sandboxPublicUrl}/pse/${attemptId}`;
  }

  /** Starts a PSE debit, or answers the one already started with the same data (a retried request). */
  async startPse(sessionId: string, start: PseStart): Promise<AttemptRow> {
    if (!bankByCode(start.banco)) throw invalid('banco_desconocido', `El banco ${start.banco} no está en la lista PSE`);
    return this.inSession(sessionId, async (manager, session, current) => {
      if (
        current?.metodo === 'pse' &&
        current.estado === 'iniciado' &&
        current.banco === start.banco &&
        current.propio === start.propio &&
        current.url_retorno === start.urlRetorno &&
        samePayer(current.pagador, start.pagador)
      ) {
        return current;
      }
      await this.makeRoom(manager, current);
      return this.ledger.insertAttempt(manager, {
        sessionId: session.id,
        metodo: 'pse',
        estado: 'iniciado',
        banco: start.banco,
        pagador: start.pagador,
        propio: start.propio,
        urlRetorno: start.urlRetorno,
        at: this.clock.now(),
      });
    });
  }

  /** The buyer's answer on the bank's page; test banks decide by themselves (docs/sandbox.md). */
  async answerBankPage(attemptId: string, decision: 'aprobar' | 'rechazar'): Promise<AttemptRow> {
    const attempt = await this.ledger.attempt(attemptId);
    if (!attempt || attempt.metodo !== 'pse') throw missing('La transacción');
    const behaviour = bankByCode(attempt.banco ?? '')?.prueba;
    if (behaviour === 'pendiente') {
      try {
        await this.inSession(attempt.session_id, async (manager, _session, current) => {
          if (current?.id !== attempt.id || current.estado !== 'iniciado') return;
          await this.ledger.markProcessing(manager, attempt.id, new Date(this.clock.now().getTime() + this.config.sandboxPsePendingSeconds * 1000));
        });
      } catch (error) {
        // Decided another way meanwhile (a card): back to the gateway's page, as for the other banks (decide()).
        if (!(error instanceof DomainError && error.code === 'sesion_finalizada')) throw error;
      }
    } else {
      const approve = behaviour ? behaviour === 'aprueba' : decision === 'aprobar';
      await this.decide(attempt.id, approve ? 'aprobado' : 'rechazado', approve ? null : 'rechazado_por_el_banco');
    }
    return (await this.ledger.attempt(attempt.id)) ?? attempt;
  }

  /** Pays with a token of the sandbox's card form; the decision comes from the test card behind the token. */
  async payByCard(sessionId: string, token: string, installments: number | null): Promise<AttemptRow> {
    const card = await this.ledger.cardToken(token);
    if (!card || card.session_id !== sessionId) throw refused('token_invalido', 'El token de tarjeta no es de esta sesión');
    const problem = checkInstallments(card.tipo, installments);
    if (problem) throw invalid('cuotas_invalidas', problem);
    const reason = declineReason(card.comportamiento as CardBehaviour);
    return this.decideWith(sessionId, async (manager, session, current) => {
      await this.makeRoom(manager, current);
      const at = this.clock.now();
      if (!(await this.ledger.useCardToken(manager, token, at))) throw refused('token_usado', 'El token de tarjeta ya se usó');
      return this.ledger.insertAttempt(manager, {
        sessionId: session.id,
        metodo: 'tarjeta',
        estado: reason === null ? 'aprobado' : 'rechazado',
        motivo: reason,
        tarjeta: { marca: card.marca, tipo: card.tipo, ultimos4: card.ultimos4, cuotas: card.tipo === 'credito' ? installments : null },
        at,
      });
    });
  }

  /** Issues the session's cash voucher; asking again gives the same voucher. */
  async issueVoucher(sessionId: string): Promise<AttemptRow> {
    return this.inSession(sessionId, async (manager, session, current) => {
      if (current?.metodo === 'efectivo' && current.estado !== 'cancelado') return current;
      await this.makeRoom(manager, current);
      const at = this.clock.now();
      for (;;) {
        const reference = String(randomInt(1_000_000_000, 10_000_000_000));
        if (await this.ledger.voucherByReference(reference)) continue;
        return this.ledger.insertAttempt(manager, {
          sessionId: session.id,
          metodo: 'efectivo',
          estado: 'iniciado',
          referenciaEfectivo: reference,
          convenio: CASH_AGREEMENT_CODE,
          venceEn: new Date(at.getTime() + this.config.sandboxVoucherValiditySeconds * 1000),
          at,
        });
      }
    });
  }

  /** The cash network takes the buyer's money for a voucher: refused once past its deadline. */
  async payVoucher(reference: string, monto: number | null): Promise<AttemptRow> {
    const voucher = await this.ledger.voucherByReference(reference.trim());
    if (!voucher) throw missing('El código de pago');
    if (voucher.estado === 'aprobado') throw refused('ya_pagado', 'Este código de pago ya fue pagado');
    if (voucher.estado !== 'iniciado') throw refused('no_pagable', 'Este código de pago ya no se puede pagar');
    if (voucher.vence_en && voucher.vence_en.getTime() <= this.clock.now().getTime()) {
      throw refused('vencido', 'Este código de pago venció: no se puede recibir el dinero');
    }
    const session = await this.ledger.session(voucher.session_id);
    if (monto !== null && session && Number(session.monto) !== monto) {
      throw invalid('monto_distinto', 'El valor no coincide con el del código de pago');
    }
    const decided = await this.decide(voucher.id, 'aprobado', null);
    if (!decided) throw refused('ya_pagado', 'Este código de pago ya fue pagado');
    return decided;
  }

  /** The operator's scripted decision: the open payment of the charge, or a PSE payment made for the purpose. */
  async decideForOperator(chargeId: string, resultado: 'aprobado' | 'fallido'): Promise<AttemptRow> {
    const session = await this.ledger.sessionOfCharge(chargeId);
    if (!session) throw missing('El pago');
    const estado = resultado === 'aprobado' ? 'aprobado' : 'rechazado';
    const motivo = resultado === 'aprobado' ? null : 'rechazado_por_el_operador';
    return this.decideWith(session.id, async (manager, locked, current) => {
      // A voucher past its deadline is not open any more, even before the worker records it expired.
      if (current && !isDecided(current) && current.vence_en && current.vence_en.getTime() <= this.clock.now().getTime()) {
        throw refused('vencido', 'Este código de pago venció: ya no se decide');
      }
      if (current && isOpen(current)) {
        const decided = await this.ledger.decide(manager, current.id, estado, motivo, this.clock.now());
        if (decided) return decided;
      }
      return this.ledger.insertAttempt(manager, { sessionId: locked.id, metodo: 'pse', estado, motivo, at: this.clock.now() });
    });
  }

  /** Approves the "stays pending" bank's payments whose time has come (run by the ticker). */
  async decideDue(limit = 20): Promise<number> {
    const due = await this.ledger.dueProcessing(this.clock.now(), limit);
    for (const attemptId of due) await this.decide(attemptId, 'aprobado', null);
    return due.length;
  }

  /** Decides one open attempt and notifies; null when it was not open any more. */
  private async decide(attemptId: string, estado: 'aprobado' | 'rechazado', motivo: string | null): Promise<AttemptRow | null> {
    const attempt = await this.ledger.attempt(attemptId);
    if (!attempt) return null;
    try {
      return await this.decideWith(attempt.session_id, async (manager) => {
        const decided = await this.ledger.decide(manager, attemptId, estado, motivo, this.clock.now());
        if (!decided) throw refused('no_abierto', 'El pago ya no está abierto');
        return decided;
      });
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'no_abierto' || error.code === 'sesion_finalizada')) return null;
      throw error;
    }
  }

  /** Runs a decision in the session's transaction, records its notice there, and sends it after the commit. */
  private async decideWith(
    sessionId: string,
    work: (manager: EntityManager, session: SessionRow, current: AttemptRow | null) => Promise<AttemptRow>,
  ): Promise<AttemptRow> {
    const { attempt, notice } = await this.ledger.db.transaction(async (manager) => {
      const session = await this.ledger.lockSession(manager, sessionId);
      if (!session) throw missing('La sesión');
      const current = await this.ledger.latestAttempt(sessionId, manager);
      if (isDecided(current)) throw refused('sesion_finalizada', 'Este pago ya fue decidido');
      const decided = await work(manager, session, current);
      return { attempt: decided, notice: await this.notifier.record(manager, session, decided) };
    });
    await this.notifier.deliver(notice);
    return attempt;
  }

  /** Runs a change to a session's attempts that decides nothing, under the session's lock. */
  private async inSession<T>(
    sessionId: string,
    work: (manager: EntityManager, session: SessionRow, current: AttemptRow | null) => Promise<T>,
  ): Promise<T> {
    return this.ledger.db.transaction(async (manager) => {
      const session = await this.ledger.lockSession(manager, sessionId);
      if (!session) throw missing('La sesión');
      const current = await this.ledger.latestAttempt(sessionId, manager);
      if (current && isDecided(current) && current.metodo !== 'efectivo') throw refused('sesion_finalizada', 'Este pago ya fue decidido');
      return work(manager, session, current);
    });
  }

  /** A started PSE debit the buyer left gives way to a new attempt; a processing debit or a voucher does not. */
  private async makeRoom(manager: EntityManager, current: AttemptRow | null): Promise<void> {
    if (isDecided(current)) throw refused('sesion_finalizada', 'Este pago ya fue decidido');
    if (!current || !isOpen(current)) return;
    if (current.metodo === 'pse' && current.estado === 'iniciado') return this.ledger.cancel(manager, current.id, this.clock.now());
    throw refused('pago_en_proceso', current.metodo === 'efectivo' ? 'Ya se emitió un código de pago en efectivo' : 'Hay un pago en proceso');
  }
}
