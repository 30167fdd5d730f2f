// Deliveries and their attempts for the operator, and re-sending one (a new series, same id, same bytes).
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { actingRoleUnderLock, type ActorCheck } from '../../../kernel/acting-person.js';
import type { Actor } from '../../../kernel/actor.js';
import type { DeliveryEstado } from '../../domain/delivery.js';
import type { WebhookEventType } from '../../domain/webhook-event.js';
import type { AttemptView, DeliveryFilter, DeliveryLog, DeliveryPage, DeliveryView, ResendResult } from '../../application/ports/delivery-log.port.js';
import { DELIVERIES_CHANNEL } from './outbox.js';

// next_attempt_at of a claimed delivery (lease_token set) is when the claim's lease ends, not a planned attempt: while
// the lease runs an attempt is under way, shown as null. A lease that ran out (its dispatcher died) shows as due.
const COLUMNS = `id, webhook_event_id, event_type, charge_id, merchant_id, estado, created_at, delivered_at,
  CASE WHEN estado = 'pendiente' AND (lease_token IS NULL OR next_attempt_at <= clock_timestamp()) THEN next_attempt_at END
    AS next_attempt_at, resent_at, resent_by`;

// One row more than asked tells whether another page exists. The cursor's time is the stored one to the microsecond:
// the deliveries of one projector batch share created_at, and a time cut to milliseconds would skip the rest of them.
const LIST = `
  SELECT ${COLUMNS}, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position
    FROM webhook_deliveries
   WHERE merchant_id = $1 AND ($2::text IS NULL OR estado = $2::text) AND ($4::uuid IS NULL OR charge_id = $4::uuid)
     AND ($5::timestamptz IS NULL OR (created_at, id) < ($5::timestamptz, $6::uuid))
   ORDER BY created_at DESC, id DESC
   LIMIT $3 + 1`;

const ATTEMPTS = `
  SELECT delivery_id, number, url, started_at, status_code, latency_ms, error
    FROM webhook_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, number`;

// Not while a series is under way: that one is still being attempted (or is claimed by a dispatcher).
const RESEND = `
  WITH d AS (
    UPDATE webhook_deliveries SET estado = 'pendiente', series_attempts = 0, next_attempt_at = clock_timestamp(),
           lease_token = NULL, resent_at = $2, resent_by = $3, updated_at = clock_timestamp()
     WHERE id = $1 AND estado <> 'pendiente'
    RETURNING id)
  SELECT id FROM d`;

interface DeliveryRow {
  id: string;
  webhook_event_id: string;
  event_type: WebhookEventType;
  charge_id: string;
  merchant_id: string;
  estado: DeliveryEstado;
  created_at: Date;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
  resent_at: Date | null;
  resent_by: Actor | null;
}

interface AttemptRow {
  delivery_id: string;
  number: number;
  url: string;
  started_at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

@Injectable()
export class PostgresDeliveryLog implements DeliveryLog {
  constructor(private readonly db: DataSource) {}

  async list(merchantId: string, filter: DeliveryFilter): Promise<DeliveryPage> {
    const { after } = filter;
    const rows = await this.db.query<Array<DeliveryRow & { position: string }>>(LIST, [
      merchantId,
      filter.estado ?? null,
      filter.limit,
      filter.pagoId ?? null,
      after?.creadaEn ?? null,
      after?.id ?? null,
    ]);
    const page = rows.slice(0, filter.limit);
    const last = page[page.length - 1];
    return { data: await this.withAttempts(page), next: rows.length > filter.limit && last ? { creadaEn: last.position, id: last.id } : null };
  }

  async find(deliveryId: string): Promise<DeliveryView | null> {
    const rows = await this.db.query<DeliveryRow[]>(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1`, [deliveryId]);
    return (await this.withAttempts(rows))[0] ?? null;
  }

  async resend(deliveryId: string, actor: Actor, at: Date, check: ActorCheck): Promise<ResendResult> {
    const outcome = await this.db.transaction(async (manager: EntityManager): Promise<'resent' | 'pending' | 'not_found'> => {
      const found = await manager.query<{ merchant_id: string }[]>('SELECT merchant_id FROM webhook_deliveries WHERE id = $1', [deliveryId]);
      const merchantId = found[0]?.merchant_id;
      if (merchantId === undefined) return 'not_found';
      check(await actingRoleUnderLock(manager, merchantId, actor));
      const resent = await manager.query<unknown[]>(RESEND, [deliveryId, at, JSON.stringify(actor)]);
      return resent.length === 0 ? 'pending' : 'resent';
    });
    if (outcome !== 'resent') return { kind: outcome };
    await this.db.query('SELECT pg_notify($1, $2)', [DELIVERIES_CHANNEL, '']);
    const delivery = await this.find(deliveryId);
    return delivery ? { kind: 'resent', delivery } : { kind: 'not_found' };
  }

  private async withAttempts(rows: DeliveryRow[]): Promise<DeliveryView[]> {
    if (rows.length === 0) return [];
    const attempts = await this.db.query<AttemptRow[]>(ATTEMPTS, [rows.map((row) => row.id)]);
    const byDelivery = new Map<string, AttemptView[]>();
    for (const a of attempts) {
      const list = byDelivery.get(a.delivery_id) ?? [];
      list.push({
        numero: a.number,
        enviadoEn: a.started_at.toISOString(),
        url: a.url,
        codigoEstado: a.status_code,
        latenciaMs: a.latency_ms,
        error: a.error,
      });
      byDelivery.set(a.delivery_id, list);
    }
    return rows.map((row) => ({
      id: row.id,
      eventoId: row.webhook_event_id,
      tipo: row.event_type,
      pagoId: row.charge_id,
      merchantId: row.merchant_id,
      estado: row.estado,
      creadaEn: row.created_at.toISOString(),
      entregadaEn: iso(row.delivered_at),
      proximoIntentoEn: iso(row.next_attempt_at),
      reenviadaEn: iso(row.resent_at),
      reenviadaPor: row.resent_by,
      intentos: byDelivery.get(row.id) ?? [],
    }));
  }
}
