// Generated charge streams for replay tests and the replay bench: every kind of history a charge can have, in turn,
// appended by several writers at once so that the global log interleaves their commits.
import { randomUUID } from 'node:crypto';
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
