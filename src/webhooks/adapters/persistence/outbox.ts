// The outbox side of the charges projection: in the batch's transaction (with the charges rows and the checkpoint),
// each PaymentApproved / PaymentFailed becomes one pending delivery whose body is serialised here, once
// (DESIGN.md 3b, 5.16). Deliveries are side-effect records: a rebuild from position 0 must not make them again, so
// only events after the outbox mark count, and the mark never moves back (DESIGN.md section 2).
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { comparePositions, type GlobalPosition, type RecordedEvent } from '../../../payments/application/ports/event-store.port.js';
import { chargeStream, isChargeEventType, outcomeTime, upcastChargeEvent } from '../../../payments/domain/charge.events.js';
import { serialiseEvent, webhookEventFor, type PaymentOutcome } from '../../domain/webhook-event.js';

/** NOTIFY channel: deliveries may be due (new ones, re-sends). Sent inside the batch, so heard after its commit. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

const STREAM_PREFIX = chargeStream('');

// Returns the mark as it was, and moves it to the batch's end unless it is ahead already (during a rebuild).
const MOVE_MARK = `
  WITH before AS (SELECT commit, prepare FROM webhook_outbox_mark),
  moved AS (
    UPDATE webhook_outbox_mark AS m SET
      commit = CASE WHEN (b.commit, b.prepare) < ($1::bigint, $2::bigint) THEN $1::bigint ELSE b.commit END,
      prepare = CASE WHEN (b.commit, b.prepare) < ($1::bigint, $2::bigint) THEN $2::bigint ELSE b.prepare END,
      updated_at = now()
    FROM before AS b
    RETURNING b.commit::text AS commit, b.prepare::text AS prepare)
  SELECT commit, prepare FROM moved`;

const CHARGES = `SELECT id, merchant_id, monto::text AS monto, moneda, referencia FROM charges WHERE id = ANY($1::uuid[])`;

// A batch applied twice (a retry after a failed commit) cannot make a second delivery of one event.
const INSERT_DELIVERIES = `
  INSERT INTO webhook_deliveries (id, event_id, webhook_event_id, merchant_id, charge_id, event_type, body, estado,
                                  next_attempt_at)
  SELECT r.id, r."eventId", r."webhookEventId", r."merchantId", r."chargeId", r."eventType", r.body, 'pendiente', now()
  FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, "eventId" uuid, "webhookEventId" text, "merchantId" uuid,
                                           "chargeId" uuid, "eventType" text, body text)
  ON CONFLICT (event_id) DO NOTHING`;

interface ChargeRow {
  id: string;
  merchant_id: string;
  monto: string;
  moneda: string;
  referencia: string;
}

interface Payment {
  eventId: string;
  chargeId: string;
  outcome: 'approved' | 'failed';
  at: string;
}

function paymentsAfter(events: readonly RecordedEvent[], mark: GlobalPosition): Payment[] {
  const payments: Payment[] = [];
  for (const recorded of events) {
    if (comparePositions(recorded.position, mark) <= 0) continue;
    if (!recorded.streamId.startsWith(STREAM_PREFIX) || !isChargeEventType(recorded.type)) continue;
    const event = upcastChargeEvent(recorded.type, recorded.data);
    const chargeId = recorded.streamId.slice(STREAM_PREFIX.length);
    // `created` is when the payment was approved or failed (docs/webhooks.md): the provider's decision when believed.
    if (event.type === 'PaymentApproved') payments.push({ eventId: recorded.id, chargeId, outcome: 'approved', at: outcomeTime(event) });
    if (event.type === 'PaymentFailed') payments.push({ eventId: recorded.id, chargeId, outcome: 'failed', at: outcomeTime(event) });
  }
  return payments;
}

/** Records the batch's deliveries; call it after the batch's charges rows are written, in the same transaction. */
export async function recordDeliveries(manager: EntityManager, events: readonly RecordedEvent[]): Promise<number> {
  const last = events.at(-1);
  if (!last) return 0;
  const marks = await manager.query<Array<{ commit: string; prepare: string }>>(MOVE_MARK, [
    last.position.commit.toString(),
    last.position.prepare.toString(),
  ]);
  const mark = marks[0];
  // Without its row the outbox cannot tell old events from new: stop rather than resend history.
  if (!mark) throw new Error('webhook_outbox_mark has no row: the outbox cannot tell replayed events from new ones');
  const payments = paymentsAfter(events, { commit: BigInt(mark.commit), prepare: BigInt(mark.prepare) });
  if (payments.length === 0) return 0;

  const rows = await manager.query<ChargeRow[]>(CHARGES, [[...new Set(payments.map((p) => p.chargeId))]]);
  const charges = new Map(rows.map((row) => [row.id, row]));
  const deliveries = payments.map((payment) => {
    const charge = charges.get(payment.chargeId);
    // The charge's row was written earlier in this batch or before it (ChargeCreated precedes every payment).
    if (!charge) throw new Error(`No charges row for ${payment.chargeId}: cannot build its webhook`);
    const outcome: PaymentOutcome = {
      sourceEventId: payment.eventId,
      outcome: payment.outcome,
      at: payment.at,
      charge: { id: charge.id, referencia: charge.referencia, monto: Number(charge.monto), moneda: charge.moneda },
    };
    const event = webhookEventFor(outcome);
    return {
      id: randomUUID(),
      eventId: payment.eventId,
      webhookEventId: event.id,
      merchantId: charge.merchant_id,
      chargeId: charge.id,
      eventType: event.type,
      body: serialiseEvent(event),
    };
  });
  await manager.query(INSERT_DELIVERIES, [JSON.stringify(deliveries)]);
  await manager.query('SELECT pg_notify($1, $2)', [DELIVERIES_CHANNEL, '']);
  return deliveries.length;
}
