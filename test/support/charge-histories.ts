// Generated charge streams for replay tests and the replay bench: every kind of history a charge can have, in turn,
// appended by several writers at once so that the global log interleaves their commits.
import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventStore, NewEvent } from '../../src/payments/application/ports/event-store.port.js';
import { chargeStream } from '../../src/payments/domain/charge.events.js';
import {
  chargeCreated,
  chargeReconciled,
  chargeRefunded,
  checkoutOpened,
  paymentApproved,
  paymentFailed,
  voucherExpired,
  voucherIssued,
} from '../payments/charge-events.fixture.js';

export function chargeHistory(i: number, merchantId: string): NewEvent[] {
  const chargeId = randomUUID();
  const at = new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString();
  const monto = 1_000 + (i % 997) * 100;
  const start = [chargeCreated(chargeId, merchantId, monto, at), checkoutOpened(at)];
  switch (i % 5) {
    case 0: {
      const approved = paymentApproved(at);
      return [...start, voucherIssued(at), { ...approved, data: { ...approved.data, method: 'efectivo' } }];
    }
    case 1:
      return [...start, paymentApproved(at), chargeReconciled(at)];
    case 2:
      return [...start, paymentFailed(at)];
    case 3:
      return [...start, paymentApproved(at), chargeRefunded(monto, at)];
    default:
      return [...start, voucherIssued(at), voucherExpired(at)];
  }
}

/** Appends `charges` generated streams (about 3.8 events each) with `writers` concurrent appenders; answers the events. */
export async function appendHistories(
  store: EventStore,
  charges: number,
  merchantOf: (i: number) => string,
  writers = 16,
): Promise<number> {
  let next = 0;
  let events = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = next++; i < charges; i = next++) {
        const stream = chargeHistory(i, merchantOf(i));
        const id = (stream[0]!.data as { chargeId: string }).chargeId;
        await store.append(chargeStream(id), stream, 'no_stream');
        events += stream.length;
      }
    }),
  );
  return events;
}

/**
 * `count` charges of `merchantId`, each only its ChargeCreated, written into the PostgreSQL events table in one
 * statement (20,000 in about a second): a log long enough that a rebuild or a replay is still running when a test acts.
 */
export async function insertCreatedCharges(dataSource: DataSource, merchantId: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, n) => {
    const chargeId = randomUUID();
    return {
      stream_id: `charge-${chargeId}`,
      event_id: randomUUID(),
      data: {
        chargeId,
        merchantId,
        monto: 1000 + n,
        moneda: 'COP',
        referencia: `RT-${n}`,
        descripcion: null,
        urlRetorno: null,
        checkoutToken: randomBytes(24).toString('base64url'),
        createdAt: new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString(),
      },
    };
  });
  await dataSource.query(
    `INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
     SELECT r.stream_id, 0, r.event_id, 'ChargeCreated', r.data,
            '{"correlationId":"x","causationId":"x","actor":{"type":"system","id":"test"},"occurredAt":"2026-11-01T00:00:00.000Z","schemaVersion":3}'::jsonb
       FROM jsonb_to_recordset($1::jsonb) AS r(stream_id text, event_id uuid, data jsonb)`,
    [JSON.stringify(rows)],
  );
}
