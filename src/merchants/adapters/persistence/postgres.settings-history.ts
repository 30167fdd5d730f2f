// The settings history read in one statement over the four tables that record changes (web registration, webhook
// endpoint, people, own checkout), newest first by (time, kind, id). Each branch names the fields it shows, so
// nothing else in those rows (a sealed secret, a password hash) can reach an answer.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor } from '../../../kernel/actor.js';
import type { SettingsHistory } from '../../application/ports/settings-history.port.js';
import { actorName, type SettingsChange, type SettingsChangeCursor, type SettingsChangeKind } from '../../domain/settings-change.js';
import { once } from './sql.js';

const CHANGES = `
  SELECT 'registro_web'::text AS tipo, id, cambiado_en, actor,
         jsonb_build_object(
           'antes', CASE WHEN sitio_web_anterior IS NULL THEN NULL
                         ELSE jsonb_build_object('sitioWeb', sitio_web_anterior, 'urlRetorno', url_retorno_anterior) END,
           'despues', jsonb_build_object('sitioWeb', sitio_web, 'urlRetorno', url_retorno)) AS detalle
    FROM web_registration_changes WHERE merchant_id = $1
  UNION ALL
  SELECT 'webhook', id, changed_at, actor,
         jsonb_build_object(
           'antes', CASE WHEN url_before IS NULL THEN NULL ELSE jsonb_build_object('url', url_before, 'activo', activo_before) END,
           'despues', jsonb_build_object('url', url_after, 'activo', activo_after),
           'secretoCambiado', secret_rolled)
    FROM webhook_endpoint_changes WHERE merchant_id = $1
  UNION ALL
  SELECT 'persona', id, cambiado_en, actor,
         jsonb_build_object(
           'personaId', persona_id,
           'accion', accion,
           'antes', CASE WHEN antes IS NULL THEN NULL
                         ELSE jsonb_build_object('email', antes->>'email', 'nombre', antes->>'nombre', 'rol', antes->>'rol') END,
           'despues', CASE WHEN despues IS NULL THEN NULL
                           ELSE jsonb_build_object('email', despues->>'email', 'nombre', despues->>'nombre', 'rol', despues->>'rol') END)
    FROM personas_cambios WHERE merchant_id = $1
  UNION ALL
  SELECT 'checkout_propio', id, cambiado_en, actor, jsonb_build_object('habilitado', habilitado)
    FROM own_checkout_changes WHERE merchant_id = $1`;

// Authors are named after the page is cut: a person by their name (removed ones too), a key by its last four; both
// only among the merchant's own.
const page = (after: boolean): string => `
  WITH changes AS (${CHANGES}),
  page AS (
    SELECT * FROM changes
    ${after ? 'WHERE (cambiado_en, tipo, id) < ($3::timestamptz, $4::text, $5::bigint)' : ''}
    ORDER BY cambiado_en DESC, tipo DESC, id DESC LIMIT $2)
  SELECT page.tipo, page.id::text AS id, page.cambiado_en, page.actor, page.detalle, p.nombre AS persona, k.last4
    FROM page
    LEFT JOIN personas p ON page.actor->>'type' = 'person' AND p.merchant_id = $1 AND p.id::text = page.actor->>'id'
    LEFT JOIN api_keys k ON page.actor->>'type' = 'merchant-key' AND k.merchant_id = $1 AND k.id::text = page.actor->>'id'
   ORDER BY page.cambiado_en DESC, page.tipo DESC, page.id DESC`;

interface ChangeRow {
  tipo: SettingsChangeKind;
  id: string;
  cambiado_en: Date;
  actor: Actor;
  detalle: SettingsChange['detalle'];
  persona: string | null;
  last4: string | null;
}

const toChange = (row: ChangeRow): SettingsChange =>
  ({
    tipo: row.tipo,
    id: row.id,
    cambiadoEn: row.cambiado_en.toISOString(),
    actor: { type: row.actor.type, id: row.actor.id, nombre: actorName(row.actor, row.persona, row.last4) },
    detalle: row.detalle,
  }) as SettingsChange;

@Injectable()
export class PostgresSettingsHistory implements SettingsHistory {
  constructor(private readonly db: DataSource) {}

  async list(merchantId: string, after: SettingsChangeCursor | null, limit: number): Promise<SettingsChange[]> {
    const params: unknown[] = [merchantId, limit];
    if (after) params.push(after.cambiadoEn, after.tipo, after.id);
    const { rows } = await once<ChangeRow>(this.db, page(after !== null), params);
    return rows.map(toChange);
  }
}
