// The Idempotency-Key claim in PostgreSQL. With the Postgres event store the claim and ChargeCreated are one
// statement (one transaction, one round trip); with EventStoreDB the claim commits first and names the charge, so
// a retry after a crash between the two completes the same charge (DESIGN.md 5.3).
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { chargeStream } from '../../domain/charge.events.js';
import type { ChargeCreation, ClaimOutcome, CreationClaim } from '../../application/ports/charge-creation.port.js';
import { EVENT_STORE, type EventStore, type NewEvent } from '../../application/ports/event-store.port.js';

/** The PostgreSQL store's one-statement start of a stream, guarded by the claim (postgres.event-store.ts). */
interface GuardedStore extends EventStore {
  startStreamIf(guard: { sql: string; parameters: unknown[] }, streamId: string, events: NewEvent[]): Promise<boolean>;
}

const guarded = (store: EventStore): store is GuardedStore => typeof (store as Partial<GuardedStore>).startStreamIf === 'function';

const INSERT_CLAIM = `
  INSERT INTO idempotency_keys (merchant_id, idem_key, fingerprint, charge_id, created)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (merchant_id, idem_key) DO NOTHING
  RETURNING charge_id`;

@Injectable()
export class PostgresChargeCreation implements ChargeCreation {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async claim(claim: CreationClaim): Promise<ClaimOutcome> {
    const params = [claim.merchantId, claim.idempotencyKey, claim.fingerprint, claim.chargeId, JSON.stringify(claim.created)];
    const stream = chargeStream(claim.chargeId);
    let claimed: boolean;
    const store = this.store;
    if (guarded(store)) {
      claimed = await store.startStreamIf({ sql: INSERT_CLAIM, parameters: params }, stream, [claim.created]);
    } else {
      const rows: unknown[] = await this.dataSource.query(INSERT_CLAIM, params);
      claimed = rows.length > 0;
      if (claimed) await store.append(stream, [claim.created], 'no_stream');
    }
    if (claimed) return { kind: 'claimed', chargeId: claim.chargeId };

    const rows: Array<{ charge_id: string; fingerprint: string; created: NewEvent }> = await this.dataSource.query(
      'SELECT charge_id, fingerprint, created FROM idempotency_keys WHERE merchant_id = $1 AND idem_key = $2',
      [claim.merchantId, claim.idempotencyKey],
    );
    const existing = rows[0];
    if (!existing) throw new Error('Idempotency claim lost: neither inserted nor found');
    return { kind: 'existing', chargeId: existing.charge_id, fingerprint: existing.fingerprint, created: existing.created };
  }
}
