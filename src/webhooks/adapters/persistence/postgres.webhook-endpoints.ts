// Merchants' webhook endpoints: one per merchant (a unique merchant_id decides a race), the secret sealed, and a
// change row for every registration, update and roll of the secret (who, when, old and new values: DESIGN.md 5.18).
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { actingRoleUnderLock, type ActorCheck } from '../../../kernel/acting-person.js';
import type { Actor } from '../../../kernel/actor.js';
import type {
  EndpointChange,
  NewWebhookEndpoint,
  Reseal,
  SecretRoll,
  WebhookEndpoints,
  WebhookEndpointView,
} from '../../application/ports/webhook-endpoints.port.js';

const COLUMNS = 'id, merchant_id, url, activo, created_at, updated_at, updated_by, previous_secret_valid_until';

const CREATE = `
  WITH e AS (
    INSERT INTO webhook_endpoints (id, merchant_id, url, activo, secret_sealed, created_at, updated_at, updated_by)
    VALUES ($1, $2, $3, true, $4, $5, $5, $6)
    ON CONFLICT (merchant_id) DO NOTHING
    RETURNING ${COLUMNS}
  ), change AS (
    INSERT INTO webhook_endpoint_changes (endpoint_id, merchant_id, url_before, url_after, activo_before, activo_after, actor, changed_at)
    SELECT id, merchant_id, NULL, url, NULL, activo, updated_by, created_at FROM e
  )
  SELECT ${COLUMNS} FROM e`;

// One statement: SET reads the row as it was, so the replaced secret moves to previous_* (still sealed, unopened) and
// whatever was kept there before is dropped. A concurrent roll waits on the row and then rolls the result of this one.
const ROLL_SECRET = `
  WITH e AS (
    UPDATE webhook_endpoints
       SET previous_secret_sealed = secret_sealed, previous_secret_valid_until = $4,
           secret_sealed = $3, updated_at = $5, updated_by = $6
     WHERE merchant_id = $1 AND id = $2 AND ($7::timestamptz IS NULL OR date_trunc('milliseconds', updated_at) = $7::timestamptz)
    RETURNING ${COLUMNS}
  ), change AS (
    INSERT INTO webhook_endpoint_changes (endpoint_id, merchant_id, url_before, url_after, activo_before, activo_after, actor, changed_at, secret_rolled)
    SELECT id, merchant_id, url, url, activo, activo, updated_by, updated_at, true FROM e
  )
  SELECT ${COLUMNS} FROM e`;

interface EndpointRow {
  id: string;
  merchant_id: string;
  url: string;
  activo: boolean;
  created_at: Date;
  updated_at: Date;
  updated_by: Actor;
  previous_secret_valid_until: Date | null;
}

function toView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    url: row.url,
    activo: row.activo,
    creadoEn: row.created_at.toISOString(),
    actualizadoEn: row.updated_at.toISOString(),
    actualizadoPor: row.updated_by,
    previousSecretValidUntil: row.previous_secret_valid_until?.toISOString() ?? null,
  };
}

@Injectable()
export class PostgresWebhookEndpoints implements WebhookEndpoints {
  constructor(private readonly db: DataSource) {}

  create(endpoint: NewWebhookEndpoint, check: ActorCheck): Promise<WebhookEndpointView | null> {
    return this.db.transaction(async (manager: EntityManager) => {
      check(await actingRoleUnderLock(manager, endpoint.merchantId, endpoint.actor));
      const rows = await manager.query<EndpointRow[]>(CREATE, [
        endpoint.id,
        endpoint.merchantId,
        endpoint.url,
        endpoint.sealedSecret,
        endpoint.at,
        JSON.stringify(endpoint.actor),
      ]);
      return rows[0] ? toView(rows[0]) : null;
    });
  }

  async find(merchantId: string): Promise<WebhookEndpointView | null> {
    const rows = await this.db.query<EndpointRow[]>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE merchant_id = $1`, [merchantId]);
    return rows[0] ? toView(rows[0]) : null;
  }

  update(merchantId: string, change: EndpointChange, actor: Actor, at: Date, check: ActorCheck): Promise<WebhookEndpointView | null> {
    // The row is locked first, so racing changes each record the true values before them.
    return this.db.transaction(async (manager: EntityManager) => {
      check(await actingRoleUnderLock(manager, merchantId, actor));
      const before = await manager.query<EndpointRow[]>(
        `SELECT ${COLUMNS} FROM webhook_endpoints WHERE merchant_id = $1 FOR UPDATE`,
        [merchantId],
      );
      const old = before[0];
      if (!old) return null;
      const after = await manager.query<EndpointRow[]>(
        `WITH e AS (
           UPDATE webhook_endpoints SET url = $2, activo = $3, updated_at = $4, updated_by = $5 WHERE id = $1
           RETURNING ${COLUMNS})
         SELECT ${COLUMNS} FROM e`,
        [old.id, change.url ?? old.url, change.activo ?? old.activo, at, JSON.stringify(actor)],
      );
      const row = after[0];
      if (!row) return null;
      await manager.query(
        `INSERT INTO webhook_endpoint_changes (endpoint_id, merchant_id, url_before, url_after, activo_before, activo_after, actor, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.id, row.merchant_id, old.url, row.url, old.activo, row.activo, JSON.stringify(actor), at],
      );
      return toView(row);
    });
  }

  rollSecret(merchantId: string, endpointId: string, roll: SecretRoll, actor: Actor, at: Date, check: ActorCheck): Promise<WebhookEndpointView | null> {
    return this.db.transaction(async (manager: EntityManager) => {
      check(await actingRoleUnderLock(manager, merchantId, actor));
      const rows = await manager.query<EndpointRow[]>(ROLL_SECRET, [
        merchantId,
        endpointId,
        roll.sealedSecret,
        roll.previousValidUntil,
        at,
        JSON.stringify(actor),
        roll.ifUpdatedAt ?? null,
      ]);
      return rows[0] ? toView(rows[0]) : null;
    });
  }

  async currentSealedSecret(merchantId: string): Promise<string | null> {
    const rows = await this.db.query<{ secret_sealed: string }[]>('SELECT secret_sealed FROM webhook_endpoints WHERE merchant_id = $1', [merchantId]);
    return rows[0]?.secret_sealed ?? null;
  }

  resealSecrets(reseal: Reseal): Promise<void> {
    return this.db.transaction(async (manager: EntityManager) => {
      const rows = await manager.query<{ id: string; merchant_id: string; secret_sealed: string; previous_secret_sealed: string | null }[]>(
        'SELECT id, merchant_id, secret_sealed, previous_secret_sealed FROM webhook_endpoints ORDER BY id FOR UPDATE',
      );
      for (const row of rows) {
        const resealed = reseal({ endpointId: row.id, merchantId: row.merchant_id, sealedSecret: row.secret_sealed, previousSecret: row.previous_secret_sealed });
        if (resealed === null) continue;
        await manager.query('UPDATE webhook_endpoints SET secret_sealed = $2, previous_secret_sealed = $3 WHERE id = $1', [
          row.id,
          resealed.sealedSecret,
          resealed.previousSecret,
        ]);
      }
    });
  }
}
