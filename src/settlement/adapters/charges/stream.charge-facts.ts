// Settlement reads a charge by folding its stream, as GET /pagos/{id} does: the read model may lag an approval.
import { Injectable } from '@nestjs/common';
import { bogotaDate } from '../../../kernel/bogota.js';
import { ChargeStream } from '../../../payments/application/charge-stream.js';
import type { ChargeFactsReader } from '../../application/ports/charge-facts.port.js';
import type { ChargeFacts } from '../../domain/settlement.js';

@Injectable()
export class StreamChargeFacts implements ChargeFactsReader {
  constructor(private readonly charges: ChargeStream) {}

  async find(chargeId: string): Promise<ChargeFacts | null> {
    const { state } = await this.charges.load(chargeId);
    if (!state) return null;
    return {
      chargeId: state.id,
      merchantId: state.merchantId,
      estado: state.estado,
      monto: state.monto,
      method: state.method,
      approvedAt: state.approvedAt,
      approvalDate: state.approvedAt ? bogotaDate(new Date(state.approvedAt)) : null,
      // A refund is final: the charge's last change is the refund.
      refundedAt: state.estado === 'reembolsado' ? state.updatedAt : null,
    };
  }
}
