// The sandbox provider's records: sessions, payment attempts, card forms and tokens, and outgoing notices.
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { rowsOf } from './sql.js';

export type AttemptMethod = 'pse' | 'tarjeta' | 'efectivo';
export type AttemptState = 'iniciado' | 'procesando' | 'aprobado' | 'rechazado' | 'cancelado';

export interface SessionRow {
  id: string;
  charge_id: string;
  merchant_id: string;
  monto: string;
  moneda: string;
  referencia: string;
  descripcion: string | null;
}

export interface PayerData {
  nombre: string;
  email: string;
  telefono: string | null;
  tipoPersona: string;
  tipoDocumento: string;
  numeroDocumento: string;
}

export interface CardData {
  marca: string;
  tipo: 'credito' | 'debito';
  ultimos4: string;
  cuotas: number | null;
}

export interface AttemptRow {
  id: string;
  session_id: string;
  metodo: AttemptMethod;
  estado: AttemptState;
  motivo: string | null;
  banco: string | null;
  pagador: PayerData | null;
  propio: boolean;
  url_retorno: string | null;
  decidir_en: Date | null;
  tarjeta: CardData | null;
  referencia_efectivo: string | null;
  convenio: string | null;
  vence_en: Date | null;
  creado_en: Date;
  decidido_en: Date | null;
}

export interface NewAttempt {
  sessionId: string;
  metodo: AttemptMethod;
  estado: AttemptState;
  motivo?: string | null;
  banco?: string | null;
  pagador?: PayerData | null;
  propio?: boolean;
  urlRetorno?: string | null;
  tarjeta?: CardData | null;
  referenciaEfectivo?: string | null;
  convenio?: string | null;
  venceEn?: Date | null;
  at: Date;
}

export interface CardTokenRow {
  token: string;
  session_id: string;
  marca: string;
  tipo: 'credito' | 'debito';
  ultimos4: string;
  comportamiento: string;
  usado_en: Date | null;
}

export const newId = (prefix: string): string => `${prefix}_${randomBytes(16).toString('base64url')}`;
/** The shape of what newId makes: a buyer's page address of any other shape names nothing and is not queried (a NUL
 * in it would be PostgreSQL's error, a 500). */
const MADE_ID = /^[a-z]{3}_[A-Za-z0-9_-]{1,64}$/;
export const isMadeId = (id: string): boolean => MADE_ID.test(id);

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

@Injectable()
export class SandboxLedger {
  constructor(readonly db: DataSource) {}

  async session(sessionId: string, manager: EntityManager = this.db.manager): Promise<SessionRow | null> {
    if (!MADE_ID.test(sessionId)) return null;
    return first<SessionRow>(await manager.query('SELECT * FROM sandbox_sessions WHERE id = $1', [sessionId]));
  }

  async sessionOfCharge(chargeId: string): Promise<SessionRow | null> {
    return first<SessionRow>(await this.db.query('SELECT * FROM sandbox_sessions WHERE charge_id = $1', [chargeId]));
  }

  /** Locks the session row: one change to a session's attempts at a time. */
  async lockSession(manager: EntityManager, sessionId: string): Promise<SessionRow | null> {
    if (!MADE_ID.test(sessionId)) return null;
    return first<SessionRow>(await manager.query('SELECT * FROM sandbox_sessions WHERE id = $1 FOR UPDATE', [sessionId]));
  }

  async attempt(attemptId: string, manager: EntityManager = this.db.manager): Promise<AttemptRow | null> {
    if (!MADE_ID.test(attemptId)) return null;
    return first<AttemptRow>(await manager.query('SELECT * FROM sandbox_attempts WHERE id = $1', [attemptId]));
  }

  /** The session's payment under way, or the one that decided it; else its latest (cancelled) one. */
  async latestAttempt(sessionId: string, manager: EntityManager = this.db.manager): Promise<AttemptRow | null> {
    return first<AttemptRow>(
      await manager.query(
        `SELECT * FROM sandbox_attempts WHERE session_id = $1
          ORDER BY (estado <> 'cancelado') DESC, creado_en DESC, id DESC LIMIT 1`,
        [sessionId],
      ),
    );
  }

  async voucherByReference(reference: string): Promise<AttemptRow | null> {
    return first<AttemptRow>(await this.db.query('SELECT * FROM sandbox_attempts WHERE referencia_efectivo = $1', [reference]));
  }

  async insertAttempt(manager: EntityManager, attempt: NewAttempt): Promise<AttemptRow> {
    const rows = await manager.query(
      `INSERT INTO sandbox_attempts (id, session_id, metodo, estado, motivo, banco, pagador, propio, url_retorno, tarjeta,
                                     referencia_efectivo, convenio, vence_en, creado_en, decidido_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
      [
        newId('int'),
        attempt.sessionId,
        attempt.metodo,
        attempt.estado,
        attempt.motivo ?? null,
        attempt.banco ?? null,
        attempt.pagador ? JSON.stringify(attempt.pagador) : null,
        attempt.propio ?? false,
        attempt.urlRetorno ?? null,
        attempt.tarjeta ? JSON.stringify(attempt.tarjeta) : null,
        attempt.referenciaEfectivo ?? null,
        attempt.convenio ?? null,
        attempt.venceEn ?? null,
        attempt.at,
        attempt.estado === 'aprobado' || attempt.estado === 'rechazado' ? attempt.at : null,
      ],
    );
    const row = first<AttemptRow>(rows);
    if (!row) throw new Error('sandbox attempt not recorded');
    return row;
  }

  async cancel(manager: EntityManager, attemptId: string, at: Date): Promise<void> {
    await manager.query(`UPDATE sandbox_attempts SET estado = 'cancelado', decidido_en = $2 WHERE id = $1 AND estado = 'iniciado'`, [
      attemptId,
      at,
    ]);
  }

  async markProcessing(manager: EntityManager, attemptId: string, decideAt: Date): Promise<void> {
    await manager.query(`UPDATE sandbox_attempts SET estado = 'procesando', decidir_en = $2 WHERE id = $1 AND estado = 'iniciado'`, [
      attemptId,
      decideAt,
    ]);
  }

  /** Decides an open attempt; null when it was not open any more (decided or cancelled meanwhile). */
  async decide(manager: EntityManager, attemptId: string, estado: 'aprobado' | 'rechazado', motivo: string | null, at: Date) {
    return first(
      await rowsOf<AttemptRow>(
        manager,
        `UPDATE sandbox_attempts SET estado = $2, motivo = $3, decidido_en = $4
          WHERE id = $1 AND estado IN ('iniciado', 'procesando') RETURNING *`,
        [attemptId, estado, motivo, at],
      ),
    );
  }

  async dueProcessing(now: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM sandbox_attempts WHERE estado = 'procesando' AND decidir_en <= $1 ORDER BY decidir_en LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }

  async recordCardForm(sessionId: string, confirmUrl: string, at: Date): Promise<string> {
    const id = newId('frm');
    await this.db.query('INSERT INTO sandbox_card_forms (id, session_id, confirm_url, creado_en) VALUES ($1, $2, $3, $4)', [
      id,
      sessionId,
      confirmUrl,
      at,
    ]);
    return id;
  }

  async cardForm(formId: string): Promise<{ id: string; session_id: string; confirm_url: string } | null> {
    if (!MADE_ID.test(formId)) return null;
    return first(await this.db.query('SELECT id, session_id, confirm_url FROM sandbox_card_forms WHERE id = $1', [formId]));
  }

  async recordCardToken(token: Omit<CardTokenRow, 'token' | 'usado_en'>, at: Date): Promise<string> {
    const id = newId('tok');
    await this.db.query(
      `INSERT INTO sandbox_card_tokens (token, session_id, marca, tipo, ultimos4, comportamiento, creado_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, token.session_id, token.marca, token.tipo, token.ultimos4, token.comportamiento, at],
    );
    return id;
  }

  async cardToken(token: string): Promise<CardTokenRow | null> {
    return first<CardTokenRow>(await this.db.query('SELECT * FROM sandbox_card_tokens WHERE token = $1', [token]));
  }

  /** Spends a token once: false when it was used already. */
  async useCardToken(manager: EntityManager, token: string, at: Date): Promise<boolean> {
    const rows = await rowsOf<{ token: string }>(
      manager,
      'UPDATE sandbox_card_tokens SET usado_en = $2 WHERE token = $1 AND usado_en IS NULL RETURNING token',
      [token, at],
    );
    return rows.length === 1;
  }
}
