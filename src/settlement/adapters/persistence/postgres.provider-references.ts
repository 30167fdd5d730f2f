// Reads the provider-references read model (projected by provider-references.projection.ts), and the part of the log
// it has not applied yet: its projector runs in the worker, and a worker down or behind must not make an import call
// a payment the gateway has recorded "a reference we never saw".
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore, type GlobalPosition } from '../../../payments/application/ports/event-store.port.js';
import { loadCheckpoint } from '../../../payments/adapters/projections/checkpoint.js';
import { chargeStream, isChargeEventType, upcastChargeEvent } from '../../../payments/domain/charge.events.js';
import type { ProviderReferences } from '../../application/ports/reconciliation.port.js';
import { providerReferencesProjection } from '../projections/provider-references.projection.js';

const STREAM_PREFIX = chargeStream('');
const TAIL_BATCH = 1000;

@Injectable()
export class PostgresProviderReferences implements ProviderReferences {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async chargesOf(references: readonly string[]): Promise<Map<string, string>> {
    if (references.length === 0) return new Map();
    // The checkpoint first: a batch the projector applies after this read is then in the table or in the tail, never
    // in neither.
    const { position } = await loadCheckpoint(this.dataSource, providerReferencesProjection.name);
    const rows: Array<{ referencia_proveedor: string; charge_id: string }> = await this.dataSource.query(
      'SELECT referencia_proveedor, charge_id FROM provider_references WHERE referencia_proveedor = ANY($1::text[])',
      [references],
    );
    const found = new Map(rows.map((row) => [row.referencia_proveedor, row.charge_id]));
    if (found.size < new Set(references).size) await this.fromTail(position, new Set(references), found);
    return found;
  }

  /** The outcomes recorded after the projection's checkpoint, read from the log as the projection would apply them. */
  private async fromTail(after: GlobalPosition, wanted: Set<string>, found: Map<string, string>): Promise<void> {
    for (let position = after; ; ) {
      const events = await this.store.readAll(position, TAIL_BATCH);
      for (const recorded of events) {
        if (!recorded.streamId.startsWith(STREAM_PREFIX) || !isChargeEventType(recorded.type)) continue;
        const event = upcastChargeEvent(recorded.type, recorded.data);
        if (event.type !== 'PaymentApproved' && event.type !== 'PaymentFailed') continue;
        const reference = event.data.providerReference;
        // As the projection does: the first charge a reference was reported for keeps it.
        if (wanted.has(reference) && !found.has(reference)) found.set(reference, recorded.streamId.slice(STREAM_PREFIX.length));
      }
      const last = events[events.length - 1];
      if (!last) return;
      position = last.position;
    }
  }
}
