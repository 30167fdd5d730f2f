// Merchants and their web registration in PostgreSQL. Views are kept in the process's MerchantCache and forgotten as
// soon as this process changes what they show.
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actingRoleUnderLock, type ActorCheck } from '../../../kernel/acting-person.js';
import { Batcher } from '../../../kernel/batcher.js';
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantView, WebRegistrationView } from '../../application/get-merchant/get-merchant.query.js';
import type { Merchants, NewMerchant } from '../../application/ports/merchants.port.js';
import type { WebRegistration } from '../../domain/web-registration.js';
import { MERCHANT_CACHE, type MerchantCache } from '../cache/merchant-cache.js';
import { MerchantEntity } from './merchant.entities.js';
import { inTransaction, once, run } from './sql.js';

interface MerchantRow {
  id: string;
  nombre: string;
  aprobado: boolean;
  aprobado_en: Date | null;
  checkout_propio: boolean;
  creado_en: Date;
  sitio_web: string | null;
  url_retorno: string | null;
  actualizado_en: Date | null;
  actualizado_por: Actor | null;
}

interface RegistrationRow {
  sitio_web: string;
  url_retorno: string;
  actualizado_en: Date;
  actualizado_por: Actor;
}

// Both lookups are by primary key: payments runs this for every charge creation.
const VIEW_SQL = `
  SELECT m.id, m.nombre, m.aprobado, m.aprobado_en, m.checkout_propio, m.creado_en,
         w.sitio_web, w.url_retorno, w.actualizado_en, w.actualizado_por
    FROM merchants m LEFT JOIN web_registrations w ON w.merchant_id = m.id
   WHERE m.id = ANY($1::uuid[])`;

@Injectable()
export class PostgresMerchants implements Merchants {
  /** Payments reads the merchant for every charge creation: concurrent reads share one statement. */
  private readonly views = new Batcher<string, MerchantView | null>(async (ids) => {
    const rows = (await this.db.query(VIEW_SQL, [ids])) as MerchantRow[];
    const found = new Map(rows.map((row) => [row.id, toView(row)]));
    return ids.map((id) => found.get(id.toLowerCase()) ?? null);
  });

  constructor(
    private readonly db: DataSource,
    @Inject(MERCHANT_CACHE) private readonly cache: MerchantCache,
  ) {}

  async create(merchant: NewMerchant): Promise<void> {
    await this.db
      .getRepository(MerchantEntity)
      .insert({ id: merchant.id, nombre: merchant.nombre, creadoEn: merchant.createdAt });
  }

  async approve(merchantId: string, at: Date): Promise<boolean> {
    const { affected } = await once(
      this.db,
      `UPDATE merchants SET aprobado = true, aprobado_en = COALESCE(aprobado_en, $2) WHERE id = $1`,
      [merchantId, at],
    );
    if (affected !== 1) return false;
    this.cache.forgetMerchant(merchantId);
    return true;
  }

  view(merchantId: string): Promise<MerchantView | null> {
    return this.cache.view(merchantId, () => this.views.submit(merchantId));
  }

  async setWebRegistration(
    merchantId: string,
    registration: WebRegistration,
    actor: Actor,
    at: Date,
    check: ActorCheck,
  ): Promise<WebRegistrationView | null> {
    const saved = await inTransaction(this.db, async (runner) => {
      // Locking the merchant first serialises concurrent changes, so each history row names the true old values.
      const merchant = await run(runner, `SELECT 1 FROM merchants WHERE id = $1 FOR UPDATE`, [merchantId]);
      if (merchant.rows.length === 0) return false;
      check(await actingRoleUnderLock(runner, merchantId, actor));
      const { rows } = await run<RegistrationRow>(
        runner,
        `WITH previous AS (SELECT sitio_web, url_retorno FROM web_registrations WHERE merchant_id = $1),
              change AS (
                INSERT INTO web_registration_changes
                       (merchant_id, sitio_web_anterior, url_retorno_anterior, sitio_web, url_retorno, actor, cambiado_en)
                SELECT $1, p.sitio_web, p.url_retorno, $2, $3, $4, $5
                  FROM (SELECT 1) one LEFT JOIN previous p ON true)
         INSERT INTO web_registrations (merchant_id, sitio_web, url_retorno, actualizado_en, actualizado_por)
         VALUES ($1, $2, $3, $5, $4)
         ON CONFLICT (merchant_id) DO UPDATE
            SET sitio_web = EXCLUDED.sitio_web, url_retorno = EXCLUDED.url_retorno,
                actualizado_en = EXCLUDED.actualizado_en, actualizado_por = EXCLUDED.actualizado_por
         RETURNING sitio_web, url_retorno, actualizado_en, actualizado_por`,
        [merchantId, registration.sitioWeb, registration.urlRetorno, JSON.stringify(actor), at],
      );
      return rows[0] ?? false;
    });
    if (saved === false) return null;
    this.cache.forgetMerchant(merchantId);
    return {
      sitioWeb: saved.sitio_web,
      urlRetorno: saved.url_retorno,
      actualizadoEn: saved.actualizado_en.toISOString(),
      actualizadoPor: saved.actualizado_por,
    };
  }
}

function toView(row: MerchantRow): MerchantView {
  const { sitio_web, url_retorno, actualizado_en, actualizado_por } = row;
  return {
    id: row.id,
    nombre: row.nombre,
    aprobado: row.aprobado,
    aprobadoEn: row.aprobado_en ? row.aprobado_en.toISOString() : null,
    checkoutPropio: row.checkout_propio,
    creadoEn: row.creado_en.toISOString(),
    registroWeb:
      sitio_web !== null && url_retorno !== null && actualizado_en !== null && actualizado_por !== null
        ? {
            sitioWeb: sitio_web,
            urlRetorno: url_retorno,
            actualizadoEn: actualizado_en.toISOString(),
            actualizadoPor: actualizado_por,
          }
        : null,
  };
}
