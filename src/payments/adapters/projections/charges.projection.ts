// The charges read model (GET /pagos): one row per charge, folded from its events, written a batch at a time, with
// its daily totals (GET /pagos/stats) and the webhook deliveries its approvals and failures cause.
import type { RecordedEvent } from '../../application/ports/event-store.port.js';
import type { Estado } from '../../domain/charge.js';
import {
  chargeStream,
  isChargeEventType,
  upcastChargeEvent,
  type ChargeCreated,
  type ChargeEvent,
  type PaymentMethod,
} from '../../domain/charge.events.js';
import { recordDeliveries } from '../../../webhooks/adapters/persistence/outbox.js';
import type { Projection } from './projection.js';

export interface ChargeRow {
  id: string;
  merchantId: string;
  monto: number;
  moneda: string;
  referencia: string;
  descripcion: string | null;
  urlRetorno: string | null;
  estado: Estado;
  checkoutToken: string;
  creadoEn: string;
  actualizadoEn: string;
  metodo: PaymentMethod | null;
  providerSessionId: string | null;
  /** Revision of the last event applied: an event at or below it was applied already. */
  revision: number;
}

/** What an event changes in its charge's row; every field it names is set outright, whatever came before. */
export type RowChange = Partial<Pick<ChargeRow, 'estado' | 'actualizadoEn' | 'metodo' | 'providerSessionId'>>;

export function rowChange(event: Exclude<ChargeEvent, { type: 'ChargeCreated' }>): RowChange {
  switch (event.type) {
    case 'CheckoutOpened':
      return { estado: 'pendiente', providerSessionId: event.data.providerSessionId, actualizadoEn: event.data.openedAt };
    case 'CashVoucherIssued':
      return { metodo: 'efectivo', actualizadoEn: event.data.issuedAt };
    case 'CashVoucherExpired':
      return { actualizadoEn: event.data.expiredAt };
    case 'PaymentApproved':
      return { estado: 'aprobado', metodo: event.data.method, actualizadoEn: event.data.approvedAt };
    case 'PaymentFailed':
      return { estado: 'fallido', metodo: event.data.method, actualizadoEn: event.data.failedAt };
    case 'ChargeReconciled':
      return { estado: 'conciliado', actualizadoEn: event.data.reconciledAt };
    case 'ChargeRefunded':
      return { estado: 'reembolsado', actualizadoEn: event.data.refundedAt };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The row a ChargeCreated starts: the same fields evolve() sets on the Charge. */
export function createdRow(event: ChargeCreated, id: string, revision: number): ChargeRow {
  const d = event.data;
  return {
    id,
    merchantId: d.merchantId,
    monto: d.monto,
    moneda: d.moneda,
    referencia: d.referencia,
    descripcion: d.descripcion,
    urlRetorno: d.urlRetorno,
    estado: 'creado',
    checkoutToken: d.checkoutToken,
    creadoEn: d.createdAt,
    actualizadoEn: d.createdAt,
    metodo: null,
    providerSessionId: null,
    revision,
  };
}

const STREAM_PREFIX = chargeStream('');

// The batch's rows in one statement: whole rows for the charges created in the batch (their later events of the batch
// folded in, so one INSERT rather than an INSERT then an UPDATE), changes for the others. The two lists name different
// charges (foldBatch), so the two parts never touch the same row.
//
// A whole row at a later revision replaces the stored one; an older or equal one changes nothing (a batch seen
// twice). A change sets outright the fields its events name, so one that also covers events the row already has
// gives the same row as one made of the newer events only: the revision guard is enough to apply each event at most
// once. The changes' ids again as an array ($3): PostgreSQL cannot see how many rows jsonb_to_recordset yields (it
// guesses 100), and joined on that alone it hashed a scan of the whole charges table for every batch; ANY($3) is a
// primary-key lookup.
//
// The daily totals (charges_daily, what stats read) move in the same statement, from what the two parts really wrote
// (RETURNING old and new, PostgreSQL 18): a charge new to the table adds to its (Bogota creation day, estado); one
// whose estado changed leaves the old estado for the new one. A batch's events are folded per charge first, so a
// charge created and decided in one batch, or moved twice, counts once, in its last estado; a batch seen twice
// writes no row, so it moves nothing. The moves are summed per (merchant, day, estado) and merged in: a total that
// comes to zero charges is deleted, so the table holds the same rows however the log was cut into batches (the
// replay compares it with one rebuilt from position 0).
export const WRITE_ROWS = `
  WITH created AS (
    INSERT INTO charges (id, merchant_id, monto, moneda, referencia, descripcion, url_retorno, estado, checkout_token,
                         creado_en, actualizado_en, metodo, provider_session_id, revision)
    SELECT r.id, r."merchantId", r.monto, r.moneda, r.referencia, r.descripcion, r."urlRetorno", r.estado,
           r."checkoutToken", r."creadoEn", r."actualizadoEn", r.metodo, r."providerSessionId", r.revision
    FROM jsonb_to_recordset($1::jsonb) AS r(
      id uuid, "merchantId" uuid, monto bigint, moneda text, referencia text, descripcion text, "urlRetorno" text,
      estado text, "checkoutToken" text, "creadoEn" timestamptz, "actualizadoEn" timestamptz, metodo text,
      "providerSessionId" text, revision integer)
    ON CONFLICT (id) DO UPDATE SET
      estado = EXCLUDED.estado,
      actualizado_en = EXCLUDED.actualizado_en,
      metodo = EXCLUDED.metodo,
      provider_session_id = EXCLUDED.provider_session_id,
      revision = EXCLUDED.revision
    WHERE charges.revision < EXCLUDED.revision
    RETURNING new.merchant_id, new.creado_en, new.monto, new.estado, old.estado AS was
  ), changed AS (
    UPDATE charges AS c SET
      estado = coalesce(p.estado, c.estado),
      actualizado_en = coalesce(p."actualizadoEn", c.actualizado_en),
      metodo = coalesce(p.metodo, c.metodo),
      provider_session_id = coalesce(p."providerSessionId", c.provider_session_id),
      revision = p.revision
    FROM jsonb_to_recordset($2::jsonb) AS p(
      id uuid, estado text, "actualizadoEn" timestamptz, metodo text, "providerSessionId" text, revision integer)
    WHERE c.id = ANY($3::uuid[]) AND c.id = p.id AND c.revision < p.revision
    RETURNING new.merchant_id, new.creado_en, new.monto, new.estado, old.estado AS was
  ), written AS (
    SELECT merchant_id, (creado_en AT TIME ZONE 'America/Bogota')::date AS dia, monto, estado, was
      FROM (SELECT * FROM created UNION ALL SELECT * FROM changed) AS w
     WHERE was IS DISTINCT FROM estado
  ), moves AS (
    SELECT merchant_id, dia, estado, sum(cantidad) AS cantidad, sum(monto) AS monto
      FROM (SELECT merchant_id, dia, estado, 1 AS cantidad, monto FROM written
            UNION ALL
            SELECT merchant_id, dia, was, -1, -monto FROM written WHERE was IS NOT NULL) AS m
     GROUP BY 1, 2, 3
    HAVING sum(cantidad) <> 0 OR sum(monto) <> 0
  ), daily AS (
    MERGE INTO charges_daily AS d
    USING moves AS m ON d.merchant_id = m.merchant_id AND d.dia = m.dia AND d.estado = m.estado
    WHEN MATCHED AND d.cantidad + m.cantidad = 0 THEN DELETE
    WHEN MATCHED THEN UPDATE SET cantidad = d.cantidad + m.cantidad, monto = d.monto + m.monto
    WHEN NOT MATCHED THEN INSERT (merchant_id, dia, estado, cantidad, monto) VALUES (m.merchant_id, m.dia, m.estado, m.cantidad, m.monto)
  )
  SELECT 1`;

interface ChargeUpdate extends RowChange {
  id: string;
  revision: number;
}

/** The batch's effect per charge: whole rows for charges created in it, changes for the others. */
function foldBatch(events: readonly RecordedEvent[]): { created: ChargeRow[]; updated: ChargeUpdate[] } {
  const created = new Map<string, ChargeRow>();
  const updated = new Map<string, ChargeUpdate>();
  for (const recorded of events) {
    // Other streams and unknown types are not a charge's: passed over.
    if (!recorded.streamId.startsWith(STREAM_PREFIX) || !isChargeEventType(recorded.type)) continue;
    const id = recorded.streamId.slice(STREAM_PREFIX.length);
    const { revision } = recorded;
    const event = upcastChargeEvent(recorded.type, recorded.data);
    const row = created.get(id);
    if (event.type === 'ChargeCreated') {
      if (!row) created.set(id, createdRow(event, id, revision));
    } else if (row) {
      created.set(id, { ...row, ...rowChange(event), revision });
    } else {
      updated.set(id, { ...updated.get(id), ...rowChange(event), id, revision });
    }
  }
  return { created: [...created.values()], updated: [...updated.values()] };
}

export const chargesProjection: Projection = {
  name: 'charges',

  async apply(manager, events) {
    const { created, updated } = foldBatch(events);
    if (created.length > 0 || updated.length > 0) {
      await manager.query(WRITE_ROWS, [JSON.stringify(created), JSON.stringify(updated), updated.map((row) => row.id)]);
    }
    // The webhook outbox, in the same transaction as the rows and the checkpoint (DESIGN.md 3b): an approval can
    // neither be lost nor become two deliveries. It reads the rows just written, so it comes after them.
    await recordDeliveries(manager, events);
  },

  // Deliveries are side-effect records, not a read model: a rebuild keeps them, and makes no new ones (outbox mark).
  async clear(manager) {
    await manager.query('TRUNCATE charges, charges_daily');
  },
};
