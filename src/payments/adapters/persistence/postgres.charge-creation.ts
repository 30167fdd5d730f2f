// The Idempotency-Key claim in PostgreSQL. With the Postgres event store the claim and ChargeCreated commit in one
// transaction; with EventStoreDB the claim commits first and names the charge, so a retry completes it (5.3).
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { chargeStream } from '../../domain/charge.events.js';
import type { ChargeCreation, ClaimOutcome, CreationClaim } from '../../application/ports/charge-creation.port.js';
import { EVENT_STORE, type EventStore, type ExpectedRevision, type NewEvent } from '../../application/ports/event-store.port.js';

interface TransactionalStore extends EventStore {
  appendWithin(manager: EntityManager, streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<unknown>;
}

const transactional = (store: EventStore): store is TransactionalStore =>
  typeof (store as Partial<TransactionalStore>).appendWithin === 'function';

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
    if (transactional(store)) {
      claimed = await this.dataSource.transaction(async (manager) => {
        const rows: unknown[] = await manager.query(INSERT_CLAIM, params);
        if (rows.length === 0) return false;
        await store.appendWithin(manager, stream, [claim.created], 'no_stream');
        return true;
      });
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
