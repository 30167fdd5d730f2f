// Moves a charge to conciliado in its stream (DESIGN.md section 4: aprobado -> conciliado, no webhook): load, decide,
// append with the expected revision, and decide again if another change got there first.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { ChargeStream, toChargeEvents } from '../../../payments/application/charge-stream.js';
import { EVENT_STORE, WrongExpectedRevision, type EventStore } from '../../../payments/application/ports/event-store.port.js';
import { decide } from '../../../payments/domain/charge.decide.js';
import { chargeStream, type ChargeReconciled } from '../../../payments/domain/charge.events.js';
import { IllegalTransition } from '../../../payments/domain/charge.errors.js';
import type { ChargeReconciliation, ReconcileOutcome, ReconcileRequest } from '../../application/ports/reconciliation.port.js';

const MAX_ATTEMPTS = 3;

@Injectable()
export class StreamChargeReconciliation implements ChargeReconciliation {
  constructor(
    private readonly charges: ChargeStream,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async reconciledBy(chargeId: string): Promise<string | null> {
    const events = toChargeEvents(await this.store.readStream(chargeStream(chargeId)));
    return events.find((event): event is ChargeReconciled => event.type === 'ChargeReconciled')?.data.reportId ?? null;
  }

  async reconcile(request: ReconcileRequest): Promise<ReconcileOutcome> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.charges.load(request.chargeId);
      const now = this.clock.now();
      let events;
      try {
        events = decide({ type: 'ReconcileCharge', data: { reportId: request.reportId, valueDate: request.valueDate }, now }, state);
      } catch (error) {
        if (error instanceof IllegalTransition) return { kind: 'refused', estado: error.from };
        throw error;
      }
      if (events.length === 0) return { kind: 'already' };
      const cause = { correlationId: request.correlationId, causationId: request.reportId, actor: request.actor };
      try {
        await this.charges.append(request.chargeId, events, revision, cause, now);
        return { kind: 'reconciled' };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
