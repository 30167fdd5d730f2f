// API keys in PostgreSQL: looked up by the SHA-256 of the presented key (unique index), never by the key.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Batcher } from '../../../kernel/batcher.js';
import type { MerchantRole } from '../../../kernel/principal.js';
import type { ApiKeys, NewApiKey, StoredApiKey } from '../../application/ports/api-keys.port.js';
import { ApiKeyEntity } from './merchant.entities.js';
import { inTransaction, once, run } from './sql.js';

interface ApiKeyRow {
  id: string;
  merchant_id: string;
  key_hash: Buffer;
  rol: MerchantRole;
  revocada_en: Date | null;
  reemplazada_por: string | null;
}

const COLUMNS = 'id, merchant_id, key_hash, rol, revocada_en, reemplazada_por';

@Injectable()
export class PostgresApiKeys implements ApiKeys {
  /** Every merchant request looks its key up: concurrent lookups share one statement (kernel/batcher.ts). */
  private readonly lookups = new Batcher<Buffer, StoredApiKey | null>(async (hashes) => {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ANY($1::bytea[])`, [hashes])) as ApiKeyRow[];
    const found = new Map(rows.map((row) => [row.key_hash.toString('hex'), toStored(row)]));
    return hashes.map((hash) => found.get(hash.toString('hex')) ?? null);
  });

  constructor(private readonly db: DataSource) {}

  async add(key: NewApiKey): Promise<void> {
    await this.db.getRepository(ApiKeyEntity).insert(toEntity(key));
  }

  findByHash(hash: Buffer): Promise<StoredApiKey | null> {
    return this.lookups.submit(hash);
  }

  async find(keyId: string): Promise<StoredApiKey | null> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [keyId])) as ApiKeyRow[];
    return rows[0] ? toStored(rows[0]) : null;
  }

  async rotate(oldKeyId: string, replacement: NewApiKey, oldStopsAt: Date, now: Date): Promise<boolean> {
    const outcome = await inTransaction(this.db, async (runner) => {
      await runner.manager.getRepository(ApiKeyEntity).insert(toEntity(replacement));
      const { affected } = await run(
        runner,
        `UPDATE api_keys SET revocada_en = $2, reemplazada_por = $3
          WHERE id = $1 AND reemplazada_por IS NULL AND (revocada_en IS NULL OR revocada_en > $4)`,
        [oldKeyId, oldStopsAt, replacement.id, now],
      );
      return affected === 1;
    });
    return outcome === true;
  }

  async revoke(keyId: string, at: Date): Promise<boolean> {
    const { affected } = await once(
      this.db,
      `UPDATE api_keys SET revocada_en = LEAST(COALESCE(revocada_en, $2), $2) WHERE id = $1`,
      [keyId, at],
    );
    return affected === 1;
  }
}

function toEntity(key: NewApiKey): ApiKeyEntity {
  return {
    id: key.id,
    merchantId: key.merchantId,
    keyHash: key.hash,
    last4: key.lastFour,
    rol: key.role,
    creadoEn: key.createdAt,
    revocadaEn: null,
    reemplazadaPor: null,
  };
}

function toStored(row: ApiKeyRow): StoredApiKey {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    hash: row.key_hash,
    role: row.rol,
    revokedAt: row.revocada_en,
    replacedBy: row.reemplazada_por,
  };
}
