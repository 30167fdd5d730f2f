// The Idempotency-Key claim in PostgreSQL. With the Postgres event store the claim and ChargeCreated are one
// statement (one transaction, one round trip); with EventStoreDB the claim commits first and names the charge, so
// a retry after a crash between the two completes the same charge (DESIGN.md 5.3).
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { chargeStream } from '../../domain/charge.events.js';
import type { ChargeCreation, ClaimOutcome, CreationClaim, ExistingClaim } from '../../application/ports/charge-creation.port.js';
import { EVENT_STORE, type EventStore, type NewEvent } from '../../application/ports/event-store.port.js';
import type { StreamGuard } from '../event-store/postgres.event-store.js';

/** The PostgreSQL store's one-statement start of a stream, guarded by the claim (postgres.event-store.ts). */
interface GuardedStore extends EventStore {
  startStreamIf(guard: StreamGuard, streamId: string, events: NewEvent[]): Promise<boolean>;
}

const guarded = (store: EventStore): store is GuardedStore => typeof (store as Partial<GuardedStore>).startStreamIf === 'function';

// The claims of every start in the store's batch ($1, in order): the first of two same keys wins. No copy of
// ChargeCreated: the same statement writes it to the log, so a claim never exists without it.
const CLAIMS_GUARD = `
  INSERT INTO idempotency_keys (merchant_id, idem_key, fingerprint, charge_id)
  SELECT c.merchant_id, c.idem_key, c.fingerprint, c.charge_id
    FROM jsonb_to_recordset($1::jsonb)
      AS c(merchant_id uuid, idem_key text, fingerprint text, charge_id uuid, n integer)
   ORDER BY c.n
  ON CONFLICT (merchant_id, idem_key) DO NOTHING
  RETURNING '${chargeStream('')}' || charge_id AS stream_id`;

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
    const stream = chargeStream(claim.chargeId);
    let claimed: boolean;
    const store = this.store;
    if (guarded(store)) {
      const row = {
        merchant_id: claim.merchantId,
        idem_key: claim.idempotencyKey,
        fingerprint: claim.fingerprint,
        charge_id: claim.chargeId,
      };
      claimed = await store.startStreamIf({ sql: CLAIMS_GUARD, row }, stream, [claim.created]);
    } else {
      const params = [claim.merchantId, claim.idempotencyKey, claim.fingerprint, claim.chargeId, JSON.stringify(claim.created)];
      const rows: unknown[] = await this.dataSource.query(INSERT_CLAIM, params);
      claimed = rows.length > 0;
      if (claimed) await store.append(stream, [claim.created], 'no_stream');
    }
    if (claimed) return { kind: 'claimed', chargeId: claim.chargeId };

    const existing = await this.find(claim.merchantId, claim.idempotencyKey);
    if (!existing) throw new Error('Idempotency claim lost: neither inserted nor found');
    return existing;
  }

  async find(merchantId: string, idempotencyKey: string): Promise<ExistingClaim | null> {
    const rows: Array<{ charge_id: string; fingerprint: string; created: NewEvent | null }> = await this.dataSource.query(
      'SELECT charge_id, fingerprint, created FROM idempotency_keys WHERE merchant_id = $1 AND idem_key = $2',
      [merchantId, idempotencyKey],
    );
    const [row] = rows;
    return row ? { kind: 'existing', chargeId: row.charge_id, fingerprint: row.fingerprint, created: row.created } : null;
  }
}
