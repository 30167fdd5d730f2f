// Settlement reads a charge by folding its stream, as GET /pagos/{id} does: the read model may lag an approval.
import { Inject, Injectable } from '@nestjs/common';
import { bogotaDate } from '../../../kernel/bogota.js';
import { toChargeEvents } from '../../../payments/application/charge-stream.js';
import { EVENT_STORE, type EventStore } from '../../../payments/application/ports/event-store.port.js';
import { fold } from '../../../payments/domain/charge.js';
import { chargeStream, type PaymentApproved } from '../../../payments/domain/charge.events.js';
import type { ChargeFactsReader } from '../../application/ports/charge-facts.port.js';
import type { ChargeFacts } from '../../domain/settlement.js';

@Injectable()
export class StreamChargeFacts implements ChargeFactsReader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async find(chargeId: string): Promise<ChargeFacts | null> {
    const events = toChargeEvents(await this.store.readStream(chargeStream(chargeId)));
    const state = fold(events);
    if (!state) return null;
    const approval = events.find((event): event is PaymentApproved => event.type === 'PaymentApproved');
    return {
      chargeId: state.id,
      merchantId: state.merchantId,
      estado: state.estado,
      monto: state.monto,
      method: state.method,
      approvedAt: state.approvedAt,
      approvalDate: state.approvedAt ? bogotaDate(new Date(state.approvedAt)) : null,
      approvalRecordedAt: approval?.data.approvedAt ?? null,
      // A refund is final: the charge's last change is the refund.
      refundedAt: state.estado === 'reembolsado' ? state.updatedAt : null,
    };
  }
}
