// The sandbox's outgoing notices: recorded with the decision they report (one transaction), sent at once, and
// re-sent by the ticker until the gateway answers 2xx. Every attempt sends the same bytes, freshly signed.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { NOTICE_SIGNATURE_HEADER, signNotice } from './notice-signature.js';
import { newId, type AttemptRow, type SessionRow } from './sandbox-ledger.js';
import { rowsOf } from './sql.js';

/** Seconds to wait after each failed delivery; the last one repeats. */
const RETRY_DELAYS = [1, 5, 25, 120, 600, 1800, 3600];
/** While one sender holds a notice, the others leave it alone for this long. */
const LEASE_SECONDS = 30;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface SandboxNotice {
  id: string;
  tipo: 'pago.resultado';
  sesion: string;
  pagoId: string;
  intento: string;
  metodo: AttemptRow['metodo'];
  resultado: 'aprobado' | 'rechazado';
  motivo: string | null;
  /** When the sandbox decided the payment (the attempt's decidido_en, what its settlement report dates it by). */
  decididoEn: string;
  emitidaEn: string;
}

interface PendingNotice {
  id: string;
  body: string;
  intentos: number;
}

const later = (from: Date, seconds: number): Date => new Date(from.getTime() + seconds * 1000);

@Injectable()
export class SandboxNotifier {
  private readonly logger = new Logger('SandboxNotifier');

  constructor(
    private readonly db: DataSource,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Records the notice of a decided attempt, inside the transaction that decided it. */
  async record(manager: EntityManager, session: SessionRow, attempt: AttemptRow): Promise<PendingNotice> {
    if ((attempt.estado !== 'aprobado' && attempt.estado !== 'rechazado') || !attempt.decidido_en) throw new Error(`attempt ${attempt.id} is not decided`);
    const at = this.clock.now();
    const notice: SandboxNotice = {
      id: newId('ntf'),
      tipo: 'pago.resultado',
      sesion: session.id,
      pagoId: session.charge_id,
      intento: attempt.id,
      metodo: attempt.metodo,
      resultado: attempt.estado,
      motivo: attempt.motivo,
      decididoEn: attempt.decidido_en.toISOString(),
      emitidaEn: at.toISOString(),
    };
    const body = JSON.stringify(notice);
    // Leased to the sender that sends it right after the commit; the ticker takes it only if that one fails.
    await manager.query('INSERT INTO sandbox_notices (id, attempt_id, body, proximo_intento) VALUES ($1, $2, $3, $4)', [
      notice.id,
      attempt.id,
      body,
      later(at, LEASE_SECONDS),
    ]);
    return { id: notice.id, body, intentos: 0 };
  }

  /** Sends one notice and records the outcome; true when the gateway took it. */
  async deliver(notice: PendingNotice): Promise<boolean> {
    const url = this.config.sandboxNoticeUrl ?? `${this.config.publicBaseUrl}/provider/notices`;
    let problem: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [NOTICE_SIGNATURE_HEADER]: signNotice(this.config.providerSecret, notice.body, this.clock.now()),
        },
        body: notice.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) problem = `status ${response.status}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const now = this.clock.now();
    if (problem === null) {
      await this.db.query('UPDATE sandbox_notices SET entregada_en = $2, intentos = intentos + 1 WHERE id = $1', [notice.id, now]);
      return true;
    }
    const delay = RETRY_DELAYS[Math.min(notice.intentos, RETRY_DELAYS.length - 1)] ?? 3600;
    this.logger.warn(`notice ${notice.id} not delivered (${problem}); next try in ${delay} s`);
    await this.db.query(
      'UPDATE sandbox_notices SET intentos = intentos + 1, proximo_intento = $2, ultimo_error = $3 WHERE id = $1',
      [notice.id, later(now, delay), problem],
    );
    return false;
  }

  /** Takes the notices whose next try is due, leased so that another sender does not send them too. */
  async claimDue(limit: number): Promise<PendingNotice[]> {
    const now = this.clock.now();
    return rowsOf<PendingNotice>(
      this.db.manager,
      `UPDATE sandbox_notices SET proximo_intento = $2
        WHERE id IN (SELECT id FROM sandbox_notices WHERE entregada_en IS NULL AND proximo_intento <= $1
                      ORDER BY proximo_intento LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, body, intentos`,
      [now, later(now, LEASE_SECONDS), limit],
    );
  }
}
