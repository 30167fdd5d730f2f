// The open cash vouchers and their deadlines, projected from charge events (the expiry worker's to-do list).
// A voucher closes when it expires or when the charge is paid, fails or moves on; rebuilt from 0 it is the same.
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../application/ports/event-store.port.js';
import { chargeStream, isChargeEventType, upcastChargeEvent } from '../../domain/charge.events.js';
import type { Projection } from '../projections/projection.js';

const STREAM_PREFIX = chargeStream('');

interface Opened {
  chargeId: string;
  referencia: string;
  venceEn: string;
}

export const voucherDeadlinesProjection: Projection = {
  name: 'cash-voucher-deadlines',
  types: new Set(['CashVoucherIssued', 'CashVoucherExpired', 'PaymentApproved', 'PaymentFailed', 'ChargeReconciled', 'ChargeRefunded']),

  async apply(manager: EntityManager, events: readonly RecordedEvent[]) {
    const opened: Opened[] = [];
    const closed = new Set<string>();
    for (const recorded of events) {
      if (!recorded.streamId.startsWith(STREAM_PREFIX) || !isChargeEventType(recorded.type)) continue;
      const chargeId = recorded.streamId.slice(STREAM_PREFIX.length);
      const event = upcastChargeEvent(recorded.type, recorded.data);
      switch (event.type) {
        case 'CashVoucherIssued':
          opened.push({ chargeId, referencia: event.data.voucherReference, venceEn: event.data.expiresAt });
          break;
        case 'CashVoucherExpired':
        case 'PaymentApproved':
        case 'PaymentFailed':
        case 'ChargeReconciled':
        case 'ChargeRefunded':
          closed.add(chargeId);
          break;
        default:
          break;
      }
    }
    // A voucher is issued once, while the charge is pendiente, so it is never closed before it opens.
    if (opened.length > 0) {
      await manager.query(
        `INSERT INTO cash_voucher_deadlines (charge_id, referencia, vence_en, abierto)
         SELECT v."chargeId", v.referencia, v."venceEn", true
           FROM jsonb_to_recordset($1::jsonb) AS v("chargeId" uuid, referencia text, "venceEn" timestamptz)
         ON CONFLICT (charge_id) DO NOTHING`,
        [JSON.stringify(opened)],
      );
    }
    if (closed.size > 0) {
      await manager.query('UPDATE cash_voucher_deadlines SET abierto = false WHERE charge_id = ANY($1::uuid[]) AND abierto', [[...closed]]);
    }
  },

  async clear(manager: EntityManager) {
    await manager.query('TRUNCATE cash_voucher_deadlines');
  },
};
