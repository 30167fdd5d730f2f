// The outbox as the dispatcher uses it. Every statement is one short transaction of its own: no row lock is held
// across a POST (DESIGN.md 5.16). Times are the database's, so dispatchers on several machines agree.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NextStep } from '../../domain/delivery.js';
import type { WebhookEventType } from '../../domain/webhook-event.js';
import type { AttemptRecord, ClaimedDelivery, ClaimedEndpoint, DeliveryQueue } from '../../application/ports/delivery-queue.port.js';
import { DeliveryNotices } from './delivery-notices.js';

// Due rows, skipping those another dispatcher is claiming this instant; the claim moves next_attempt_at to the end
// of the lease, so a claim whose dispatcher died is due again when its lease runs out.
const CLAIM = `
  WITH due AS (
    SELECT id FROM webhook_deliveries
     WHERE estado = 'pendiente' AND next_attempt_at <= clock_timestamp()
     ORDER BY next_attempt_at
     LIMIT $1
     FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE webhook_deliveries AS d
       SET next_attempt_at = clock_timestamp() + make_interval(secs => $2::double precision / 1000),
           lease_token = $3, updated_at = clock_timestamp()
      FROM due WHERE d.id = due.id
    RETURNING d.id, d.merchant_id, d.event_type, d.body, d.series_attempts
  )
  SELECT * FROM claimed`;

const ENDPOINTS = `
  SELECT id, merchant_id, url, activo, secret_sealed, previous_secret_sealed, previous_secret_valid_until
    FROM webhook_endpoints WHERE merchant_id = ANY($1::uuid[])`;

// The attempt and what follows it, in one statement, only while this claim still holds the delivery.
const RECORD_ATTEMPT = `
  WITH d AS (
    UPDATE webhook_deliveries SET
      attempts = attempts + 1,
      series_attempts = series_attempts + 1,
      estado = $3,
      next_attempt_at = CASE WHEN $3 = 'pendiente' THEN clock_timestamp() + make_interval(secs => $4::double precision) END,
      delivered_at = CASE WHEN $3 = 'entregada' THEN clock_timestamp() ELSE delivered_at END,
      lease_token = NULL,
      updated_at = clock_timestamp()
    WHERE id = $1 AND lease_token = $2
    RETURNING id, attempts
  ), attempt AS (
    INSERT INTO webhook_attempts (delivery_id, number, url, started_at, status_code, latency_ms, error)
    SELECT id, attempts, $5, $6, $7, $8, $9 FROM d
    RETURNING number
  )
  SELECT number FROM attempt`;

const WITHOUT_ENDPOINT = `
  WITH d AS (
    UPDATE webhook_deliveries SET estado = 'sin_endpoint', next_attempt_at = NULL, lease_token = NULL, updated_at = clock_timestamp()
    WHERE id = $1 AND lease_token = $2 RETURNING id)
  SELECT id FROM d`;

const RELEASE = `
  WITH d AS (
    UPDATE webhook_deliveries SET next_attempt_at = clock_timestamp(), lease_token = NULL, updated_at = clock_timestamp()
    WHERE id = $1 AND lease_token = $2 RETURNING id)
  SELECT id FROM d`;

// Null when nothing is pending (greatest() ignores a null min(): it would answer 0 and the idle dispatcher would poll
// every 5 ms).
const NEXT_DUE = `
  SELECT (extract(epoch FROM min(next_attempt_at) - clock_timestamp()) * 1000)::float8 AS ms
    FROM webhook_deliveries WHERE estado = 'pendiente'`;

interface ClaimedRow {
  id: string;
  merchant_id: string;
  event_type: WebhookEventType;
  body: string;
  series_attempts: number;
}

interface EndpointRow {
  id: string;
  merchant_id: string;
  url: string;
  activo: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_valid_until: Date | null;
}

function toClaimedEndpoint(row: EndpointRow): ClaimedEndpoint {
  const previous = row.previous_secret_sealed;
  const validUntil = row.previous_secret_valid_until;
  return {
    id: row.id,
    url: row.url,
    activo: row.activo,
    sealedSecret: row.secret_sealed,
    previousSecret: previous !== null && validUntil !== null ? { secret: previous, validUntil } : null,
  };
}

@Injectable()
export class PostgresDeliveryQueue implements DeliveryQueue {
  private readonly notices: DeliveryNotices;

  constructor(private readonly db: DataSource) {
    this.notices = new DeliveryNotices((db.options as { url?: string }).url);
  }

  async claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const leaseToken = randomUUID();
    const claimed = await this.db.query<ClaimedRow[]>(CLAIM, [limit, leaseMs, leaseToken]);
    if (claimed.length === 0) return [];
    const endpoints = await this.db.query<EndpointRow[]>(ENDPOINTS, [[...new Set(claimed.map((row) => row.merchant_id))]]);
    const byMerchant = new Map(endpoints.map((row) => [row.merchant_id, row]));
    return claimed.map((row) => {
      const endpoint = byMerchant.get(row.merchant_id);
      return {
        id: row.id,
        merchantId: row.merchant_id,
        eventType: row.event_type,
        body: row.body,
        seriesAttempts: row.series_attempts,
        leaseToken,
        endpoint: endpoint ? toClaimedEndpoint(endpoint) : null,
      };
    });
  }

  async recordAttempt(delivery: ClaimedDelivery, attempt: AttemptRecord, next: NextStep): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(RECORD_ATTEMPT, [
      delivery.id,
      delivery.leaseToken,
      next.estado,
      next.estado === 'pendiente' ? next.retryInSeconds : null,
      attempt.url,
      attempt.startedAt,
      attempt.statusCode,
      attempt.latencyMs,
      attempt.error,
    ]);
    return rows.length === 1;
  }

  async markWithoutEndpoint(delivery: ClaimedDelivery): Promise<void> {
    await this.db.query(WITHOUT_ENDPOINT, [delivery.id, delivery.leaseToken]);
  }

  async release(delivery: ClaimedDelivery): Promise<void> {
    await this.db.query(RELEASE, [delivery.id, delivery.leaseToken]);
  }

  async msUntilNextDue(): Promise<number | null> {
    const rows = await this.db.query<Array<{ ms: number | null }>>(NEXT_DUE);
    const ms = rows[0]?.ms ?? null;
    return ms === null ? null : Math.max(0, ms);
  }

  onWork(listener: () => void): () => Promise<void> {
    return this.notices.subscribe(listener);
  }
}
