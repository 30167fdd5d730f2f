// Which charge a provider reference belongs to, projected from the outcomes the provider reported: reconciliation's
// lookup (DESIGN.md 5.12b). Rows are never changed once written, so replaying any batch twice changes nothing.
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../../payments/application/ports/event-store.port.js';
import { chargeStream, isChargeEventType, upcastChargeEvent } from '../../../payments/domain/charge.events.js';
import type { Projection } from '../../../payments/adapters/projections/projection.js';

const STREAM_PREFIX = chargeStream('');

interface Reference {
  referencia: string;
  chargeId: string;
}

export const providerReferencesProjection: Projection = {
  name: 'provider-references',
  types: new Set(['PaymentApproved', 'PaymentFailed']),

  async apply(manager: EntityManager, events: readonly RecordedEvent[]) {
    const references: Reference[] = [];
    for (const recorded of events) {
      if (!recorded.streamId.startsWith(STREAM_PREFIX) || !isChargeEventType(recorded.type)) continue;
      const event = upcastChargeEvent(recorded.type, recorded.data);
      if (event.type === 'PaymentApproved' || event.type === 'PaymentFailed') {
        references.push({ referencia: event.data.providerReference, chargeId: recorded.streamId.slice(STREAM_PREFIX.length) });
      }
    }
    if (references.length === 0) return;
    // The first charge a reference was reported for keeps it: a provider reference names one payment.
    await manager.query(
      `INSERT INTO provider_references (referencia_proveedor, charge_id)
       SELECT r.referencia, r."chargeId" FROM jsonb_to_recordset($1::jsonb) AS r(referencia text, "chargeId" uuid)
       ON CONFLICT (referencia_proveedor) DO NOTHING`,
      [JSON.stringify(references)],
    );
  },

  async clear(manager: EntityManager) {
    await manager.query('TRUNCATE provider_references');
  },
};
