// API keys in PostgreSQL: looked up by the SHA-256 of the presented key (unique index), never by the key; found keys
// are kept in the process's MerchantCache and forgotten as soon as this process changes them.
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Batcher } from '../../../kernel/batcher.js';
import type { MerchantRole } from '../../../kernel/principal.js';
import type { ApiKeys, NewApiKey, StoredApiKey } from '../../application/ports/api-keys.port.js';
import { MERCHANT_CACHE, type MerchantCache } from '../cache/merchant-cache.js';
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

type HashRow = Pick<ApiKeyRow, 'key_hash'>;

const COLUMNS = 'id, merchant_id, key_hash, rol, revocada_en, reemplazada_por';

@Injectable()
export class PostgresApiKeys implements ApiKeys {
  /** Every merchant request looks its key up: concurrent lookups share one statement (kernel/batcher.ts). */
  private readonly lookups = new Batcher<Buffer, StoredApiKey | null>(async (hashes) => {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ANY($1::bytea[])`, [hashes])) as ApiKeyRow[];
    const found = new Map(rows.map((row) => [row.key_hash.toString('hex'), toStored(row)]));
    return hashes.map((hash) => found.get(hash.toString('hex')) ?? null);
  });

  constructor(
    private readonly db: DataSource,
    @Inject(MERCHANT_CACHE) private readonly cache: MerchantCache,
  ) {}

  async add(key: NewApiKey): Promise<void> {
    await this.db.getRepository(ApiKeyEntity).insert(toEntity(key));
  }

  findByHash(hash: Buffer): Promise<StoredApiKey | null> {
    return this.cache.key(hash, () => this.lookups.submit(hash));
  }

  async find(keyId: string): Promise<StoredApiKey | null> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [keyId])) as ApiKeyRow[];
    return rows[0] ? toStored(rows[0]) : null;
  }

  async lastFours(merchantId: string, keyIds: string[]): Promise<Record<string, string>> {
    const rows = (await this.db.query('SELECT id, last4 FROM api_keys WHERE merchant_id = $1 AND id = ANY($2::uuid[])', [merchantId, keyIds])) as Array<{
      id: string;
      last4: string;
    }>;
    return Object.fromEntries(rows.map((row) => [row.id, row.last4]));
  }

  async rotate(oldKeyId: string, replacement: NewApiKey, oldStopsAt: Date, now: Date): Promise<boolean> {
    const outcome = await inTransaction(this.db, async (runner) => {
      await runner.manager.getRepository(ApiKeyEntity).insert(toEntity(replacement));
      const { rows } = await run<HashRow>(
        runner,
        `UPDATE api_keys SET revocada_en = $2, reemplazada_por = $3
          WHERE id = $1 AND reemplazada_por IS NULL AND (revocada_en IS NULL OR revocada_en > $4)
          RETURNING key_hash`,
        [oldKeyId, oldStopsAt, replacement.id, now],
      );
      return rows[0]?.key_hash ?? false;
    });
    if (outcome === false) return false;
    this.cache.forgetKey(outcome);
    return true;
  }

  async revoke(keyId: string, at: Date): Promise<boolean> {
    const { rows } = await once<HashRow>(
      this.db,
      `UPDATE api_keys SET revocada_en = LEAST(COALESCE(revocada_en, $2), $2) WHERE id = $1 RETURNING key_hash`,
      [keyId, at],
    );
    const [revoked] = rows;
    if (!revoked) return false;
    this.cache.forgetKey(revoked.key_hash);
    return true;
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
