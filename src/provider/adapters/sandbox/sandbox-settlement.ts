// The sandbox processor's money after the payment: full refunds of approved payments, and the settlement report of
// a value date (every payment it approved on that Bogota day), as a real processor publishes it.
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { DomainError } from '../../../kernel/errors.js';
import { isMadeId } from './sandbox-ledger.js';

export interface SandboxRefund {
  id: string;
  monto: number;
  creadoEn: string;
}

interface RefundRow {
  id: string;
  monto: string;
  creado_en: Date;
}

@Injectable()
export class SandboxSettlement {
  constructor(
    private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Refunds the session's approved payment in full; the same session again answers the refund it already has. */
  refund(sessionId: string, monto: number): Promise<SandboxRefund> {
    return this.db.transaction(async (manager) => {
      const sessions: Array<{ id: string; monto: string }> = !isMadeId(sessionId) ? [] : await manager.query(
        'SELECT id, monto FROM sandbox_sessions WHERE id = $1 FOR UPDATE',
        [sessionId],
      );
      const session = sessions[0];
      if (!session) throw new DomainError('not_found', 'no_encontrado', 'La sesión no existe');
      const existing: RefundRow[] = await manager.query('SELECT id, monto, creado_en FROM sandbox_refunds WHERE session_id = $1', [sessionId]);
      if (existing[0]) return toRefund(existing[0]);
      if (Number(session.monto) !== monto) {
        throw new DomainError('invalid', 'monto_distinto', `Solo se reembolsa el pago completo: ${session.monto}`);
      }
      const approved: Array<{ id: string }> = await manager.query(
        `SELECT id FROM sandbox_attempts WHERE session_id = $1 AND estado = 'aprobado'`,
        [sessionId],
      );
      if (!approved[0]) throw new DomainError('conflict', 'no_aprobado', 'La sesión no tiene un pago aprobado');
      const rows: RefundRow[] = await manager.query(
        `INSERT INTO sandbox_refunds (id, session_id, attempt_id, monto, creado_en) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, monto, creado_en`,
        [`rfd_${randomBytes(12).toString('base64url')}`, sessionId, approved[0].id, monto, this.clock.now()],
      );
      if (!rows[0]) throw new Error('sandbox refund not recorded');
      return toRefund(rows[0]);
    });
  }

  /** CSV with a header: provider reference (the attempt id its notices carry), gross amount, value date. */
  async report(valueDate: string): Promise<string> {
    const rows: Array<{ id: string; monto: string }> = await this.db.query(
      `SELECT a.id, s.monto::text AS monto FROM sandbox_attempts a JOIN sandbox_sessions s ON s.id = a.session_id
        WHERE a.estado = 'aprobado' AND (a.decidido_en AT TIME ZONE 'America/Bogota')::date = $1::date
        ORDER BY a.decidido_en, a.id`,
      [valueDate],
    );
    return ['referencia_proveedor,monto,fecha', ...rows.map((row) => `${row.id},${row.monto},${valueDate}`)].join('\n') + '\n';
  }
}

const toRefund = (row: RefundRow): SandboxRefund => ({ id: row.id, monto: Number(row.monto), creadoEn: row.creado_en.toISOString() });
